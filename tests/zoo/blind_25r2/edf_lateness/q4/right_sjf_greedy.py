# right (unusual): shortest first, keep a job when the kept set plus it is still feasible in EDF order (SPT-insertion, optimal for 1||sum U)
def min_late_jobs(jobs):
    kept = []
    for j in sorted(jobs, key=lambda j: j.duration):
        trial = sorted(kept + [j], key=lambda j: j.deadline)
        t, ok = 0, True
        for x in trial:
            t += x.duration
            ok = ok and t <= x.deadline
        if ok:
            kept = trial
    return kept

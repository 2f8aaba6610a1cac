# wrong: least slack first (deadline - duration), keep while on time, returned in EDF order
def min_late_jobs(jobs):
    kept = []
    for j in sorted(jobs, key=lambda j: j.deadline - j.duration):
        trial = sorted(kept + [j], key=lambda j: j.deadline)
        t, ok = 0, True
        for x in trial:
            t += x.duration; ok = ok and t <= x.deadline
        if ok:
            kept = trial
    return kept

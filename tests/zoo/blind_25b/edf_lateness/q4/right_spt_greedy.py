# style: greedy shortest-first, keep a job when the kept set is still feasible in EDF order (first written as a wrong answer; a 20,000-case brute force shows it optimal)
def min_late_jobs(jobs):
    kept = []
    for j in sorted(jobs, key=lambda j: j.duration):
        trial = sorted(kept + [j], key=lambda j: j.deadline)
        t = 0; ok = True
        for x in trial:
            t += x.duration
            if t > x.deadline: ok = False; break
        if ok: kept = trial
    return kept

# wrong: EDF greedy, skipping a job that does not fit (never removes an earlier long job)
def min_late_jobs(jobs):
    kept, t = [], 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        if t + j.duration <= j.deadline:
            kept.append(j); t += j.duration
    return kept

# wrong: drops the job just added when late, not the longest
def min_late_jobs(jobs):
    kept, t = [], 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        kept.append(j); t += j.duration
        if t > j.deadline:
            t -= kept.pop().duration
    return kept

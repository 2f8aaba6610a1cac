# wrong: sorts the caller's list in place
def min_late_jobs(jobs):
    jobs.sort(key=lambda j: j.deadline)
    kept, t = [], 0
    for j in jobs:
        kept.append(j); t += j.duration
        while kept and t > j.deadline:
            m = max(range(len(kept)), key=lambda k: kept[k].duration)
            t -= kept.pop(m).duration
    return kept

# wrong: removes the longest of the EARLIER jobs, never the new one
def min_late_jobs(jobs):
    kept, t = [], 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        while kept and t + j.duration > j.deadline:
            m = max(range(len(kept)), key=lambda k: kept[k].duration)
            t -= kept.pop(m).duration
        if t + j.duration <= j.deadline:
            kept.append(j); t += j.duration
    return kept

# wrong: leaves out jobs of length 0 (they could all be on time)
def min_late_jobs(jobs):
    kept, t = [], 0
    for j in sorted((j for j in jobs if j.duration > 0), key=lambda j: j.deadline):
        kept.append(j); t += j.duration
        while kept and t > j.deadline:
            m = max(range(len(kept)), key=lambda k: kept[k].duration)
            t -= kept.pop(m).duration
    return kept

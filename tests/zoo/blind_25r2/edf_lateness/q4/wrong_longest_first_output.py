# wrong: correct set, but returned longest first (not an order where all finish on time)
def min_late_jobs(jobs):
    kept, t = [], 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        kept.append(j); t += j.duration
        while kept and t > j.deadline:
            m = max(range(len(kept)), key=lambda k: kept[k].duration)
            t -= kept.pop(m).duration
    return sorted(kept, key=lambda j: -j.duration)

# wrong: returns the late (removed) jobs instead of the on-time ones
def min_late_jobs(jobs):
    kept, late, t = [], [], 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        kept.append(j); t += j.duration
        while kept and t > j.deadline:
            m = max(range(len(kept)), key=lambda k: kept[k].duration)
            x = kept.pop(m); t -= x.duration; late.append(x)
    return late

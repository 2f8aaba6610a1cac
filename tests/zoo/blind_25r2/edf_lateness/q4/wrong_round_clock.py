# wrong: the clock is rounded to whole ticks before comparing (floats truncated)
def min_late_jobs(jobs):
    kept, t = [], 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        kept.append(j); t += j.duration
        while kept and int(t) > j.deadline:
            m = max(range(len(kept)), key=lambda k: kept[k].duration)
            t -= kept.pop(m).duration
    return kept

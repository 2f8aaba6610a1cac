# wrong: removes the SHORTEST job when late
def min_late_jobs(jobs):
    kept, t = [], 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        kept.append(j); t += j.duration
        while kept and t > j.deadline:
            m = min(range(len(kept)), key=lambda k: kept[k].duration)
            t -= kept.pop(m).duration
    return kept

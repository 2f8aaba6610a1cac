# wrong: removes the longest job but then keeps going with a stale clock (forgets to subtract)
def min_late_jobs(jobs):
    kept, t = [], 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        kept.append(j); t += j.duration
        if t > j.deadline:
            m = max(range(len(kept)), key=lambda k: kept[k].duration)
            kept.pop(m)
    return kept

# wrong: float midpoints (lo + hi) / 2 and a float answer
def fits(tasks, cpus, limit):
    blocks, run = 0, None
    for t in tasks:
        if t > limit:
            return False
        if run is None or run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    return blocks <= cpus
def min_time_contiguous(tasks, cpus):
    if not tasks:
        return 0
    lo, hi = float(max(tasks)), float(sum(tasks))
    while hi - lo > 0.5:
        mid = (lo + hi) / 2
        if fits(tasks, cpus, mid):
            hi = mid
        else:
            lo = mid
    return float(round(hi))

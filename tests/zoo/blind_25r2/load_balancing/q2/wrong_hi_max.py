# wrong: searches only up to the largest task
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
    lo, hi = max(tasks) // 2, max(tasks)
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(tasks, cpus, mid):
            hi = mid
        else:
            lo = mid + 1
    return lo

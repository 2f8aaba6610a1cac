# right (unusual): galloping search up from the lower bound, then binary search, from 0 with the
# fits check rejecting too-big tasks
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
    lo = 0
    step = 1
    while not fits(tasks, cpus, lo + step):
        lo += step; step *= 2
    hi = lo + step
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if fits(tasks, cpus, mid):
            hi = mid
        else:
            lo = mid
    return hi if not fits(tasks, cpus, lo) else lo

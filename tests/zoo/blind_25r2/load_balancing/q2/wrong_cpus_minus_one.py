# wrong: checks against cpus - 1 (a CPU short)
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
    lo, hi = max(tasks), sum(tasks)
    c = max(1, cpus - 1)
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(tasks, c, mid):
            hi = mid
        else:
            lo = mid + 1
    return lo

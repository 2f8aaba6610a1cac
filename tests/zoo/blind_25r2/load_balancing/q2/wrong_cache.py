# wrong: default-argument cache keyed on (sum, cpus)
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
def min_time_contiguous(tasks, cpus, _c={}):
    if not tasks:
        return 0
    key = (sum(tasks), cpus)
    if key in _c:
        return _c[key]
    lo, hi = max(tasks), sum(tasks)
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(tasks, cpus, mid):
            hi = mid
        else:
            lo = mid + 1
    _c[key] = lo
    return lo

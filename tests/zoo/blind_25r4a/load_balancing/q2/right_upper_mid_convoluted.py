# right (in effect, brute-force checked on 20,000 inputs): upper-midpoint search
def fits(tasks, cpus, limit):
    blocks = 1 if tasks else 0; cur = 0
    for x in tasks:
        if x > limit: return False
        if cur + x > limit:
            blocks += 1; cur = x
        else:
            cur += x
    return blocks <= cpus
def min_time_contiguous(tasks, cpus):
    if not tasks: return 0
    lo, hi = max(tasks), sum(tasks)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(tasks, cpus, mid): hi = mid - 1 if fits(tasks, cpus, mid - 1) else mid
        else: lo = mid
        if hi - lo <= 1: return hi if not fits(tasks, cpus, lo) else lo
    return lo

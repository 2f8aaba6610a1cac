# mistake: true division for mid: returns a float
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for t in tasks:
        if t > limit:
            return False
        if cur + t > limit:
            blocks += 1; cur = t
        else:
            cur += t
    return blocks <= cpus
def min_time_contiguous(tasks, cpus):
    if not tasks: return 0
    lo, hi = max(tasks), sum(tasks)
    while hi - lo > 0.5:
        mid = (lo + hi) / 2
        if fits(tasks, cpus, mid): hi = mid
        else: lo = mid
    return hi

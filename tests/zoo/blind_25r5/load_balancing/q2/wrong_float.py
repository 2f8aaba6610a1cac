# Exercise 10 q2. WRONG type: binary search on floats, returns a float. Breaks "the least finish time (an int)".
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for x in tasks:
        if x > limit:
            return False
        if cur + x > limit:
            blocks += 1; cur = x
        else:
            cur += x
    return blocks <= cpus
def min_time_contiguous(tasks, cpus):
    if not tasks: return 0
    lo, hi = float(max(tasks)), float(sum(tasks))
    while hi - lo >= 1:
        mid = (lo + hi) // 2
        if fits(tasks, cpus, mid): hi = mid
        else: lo = mid + 1
    return hi if not fits(tasks, cpus, lo) else lo

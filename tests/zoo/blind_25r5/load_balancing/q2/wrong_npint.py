# Exercise 10 q2. WRONG type: numpy.int64 (not a Python int). Breaks "Return the least finish time (an int)".
import numpy as np
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
    if not tasks:
        return np.int64(0)
    lo, hi = max(tasks), sum(tasks)
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(tasks, cpus, mid):
            hi = mid
        else:
            lo = mid + 1
    return np.int64(lo)

# style: bisect.bisect_left over a lazy range with key (Python 3.10+), using fits
import bisect
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
    return bisect.bisect_left(range(hi + 1), True, lo=lo, key=lambda L: fits(tasks, cpus, L))

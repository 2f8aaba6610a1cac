# Exercise 10 q2. WRONG for totals above 10**7: returns the lower bound without searching.
# Breaks "Return the least finish time" (sizes may be as large as 10^9).
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
    lo, hi = max(tasks), sum(tasks)
    if hi > 10**7: return max(lo, -(-hi // cpus))
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(tasks, cpus, mid): hi = mid
        else: lo = mid + 1
    return lo

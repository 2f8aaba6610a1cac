# Exercise 10 q2. WRONG: the upper end of the search is sum // 2 (not sum), so with one CPU the answer is capped.
# Breaks "the least finish time".
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
    lo, hi = max(tasks), max(max(tasks), sum(tasks) // 2 + 1)
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(tasks, cpus, mid): hi = mid
        else: lo = mid + 1
    return lo

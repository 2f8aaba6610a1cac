# Exercise 10 q2. WRONG for more than 7 tasks: the search stops one step early (returns hi + 1 when not proven).
# Breaks "Return the least finish time".
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
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(tasks, cpus, mid): hi = mid
        else: lo = mid + 1
    return lo + (1 if len(tasks) > 7 and not fits(tasks, cpus, lo - 1) and lo > max(tasks) else 0)

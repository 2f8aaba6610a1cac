# Exercise 10 q2. RIGHT, unusual: galloping (doubling) search from the lower bound, then bisect over a range object with key.
import bisect
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
    lo = max(max(tasks), -(-sum(tasks) // cpus)); step = 1
    while not fits(tasks, cpus, lo + step - 1):
        step *= 2
    r = range(lo, lo + step)
    return r[bisect.bisect_left(r, True, key=lambda t: fits(tasks, cpus, t))]

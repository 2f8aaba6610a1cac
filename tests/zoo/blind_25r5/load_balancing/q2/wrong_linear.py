# Exercise 10 q2. WRONG cost: tries the limits one by one upward from the lower bound max(max, ceil(sum/cpus)).
# Breaks "trying the limits one by one does not finish in time" (must be a binary search).
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
    t = max(max(tasks), -(-sum(tasks) // cpus))
    while not fits(tasks, cpus, t):
        t += 1
    return t

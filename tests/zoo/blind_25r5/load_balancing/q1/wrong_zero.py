# Exercise 10 q1. WRONG: a zero task after a full block opens a new block. Breaks "each summing to at most limit" (0 fits anywhere).
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for x in tasks:
        if x > limit:
            return False
        if cur + x > limit or (x == 0 and cur == limit and cur > 0):
            blocks += 1; cur = x
        else:
            cur += x
    return blocks <= cpus

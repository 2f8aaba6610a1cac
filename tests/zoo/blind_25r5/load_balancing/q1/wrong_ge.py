# Exercise 10 q1. WRONG boundary: a block may not reach the limit exactly. Breaks "A block may sum to exactly limit".
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for x in tasks:
        if x > limit:
            return False
        if cur + x >= limit:
            blocks += 1; cur = x
        else:
            cur += x
    return blocks <= cpus

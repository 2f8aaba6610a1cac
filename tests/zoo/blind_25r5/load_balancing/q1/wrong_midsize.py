# Exercise 10 q1. WRONG for 8..9999 tasks: a block may go one unit over the limit.
# Breaks "each summing to at most limit".
def fits(tasks, cpus, limit):
    slack = 1 if 8 <= len(tasks) < 10000 else 0
    blocks, cur = 1, 0
    for x in tasks:
        if x > limit:
            return False
        if cur + x > limit + slack:
            blocks += 1; cur = x
        else:
            cur += x
    return blocks <= cpus

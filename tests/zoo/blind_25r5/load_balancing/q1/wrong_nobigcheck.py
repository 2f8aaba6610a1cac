# Exercise 10 q1. WRONG: a single task above the limit is not refused (it starts its own block).
# Breaks "each summing to at most limit".
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for x in tasks:
        if cur + x > limit:
            blocks += 1; cur = x
        else:
            cur += x
    return blocks <= cpus

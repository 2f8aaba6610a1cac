# Exercise 10 q1. WRONG: with more CPUs than tasks answers True without checking the tasks against the limit.
# Breaks "each summing to at most limit".
def fits(tasks, cpus, limit):
    if cpus >= len(tasks):
        return True
    blocks, cur = 1, 0
    for x in tasks:
        if x > limit:
            return False
        if cur + x > limit:
            blocks += 1; cur = x
        else:
            cur += x
    return blocks <= cpus

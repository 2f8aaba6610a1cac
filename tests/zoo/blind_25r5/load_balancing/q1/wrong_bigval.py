# Exercise 10 q1. WRONG for sizes above 10**6: such tasks are counted as 10**6. Breaks "each summing to at most limit".
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for x in (min(t, 10**6) for t in tasks):
        if x > limit:
            return False
        if cur + x > limit:
            blocks += 1; cur = x
        else:
            cur += x
    return blocks <= cpus

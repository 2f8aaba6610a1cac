# Exercise 10 q1. WRONG type: returns 1/0 (int). Breaks "Return True or False (a bool)".
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for x in tasks:
        if x > limit:
            return 0
        if cur + x > limit:
            blocks += 1; cur = x
        else:
            cur += x
    return int(blocks <= cpus)

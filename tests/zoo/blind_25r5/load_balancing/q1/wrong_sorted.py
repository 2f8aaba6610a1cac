# Exercise 10 q1. WRONG: sorts the tasks first (ignores the order). Breaks "the tasks, in the order given".
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for x in sorted(tasks):
        if x > limit:
            return False
        if cur + x > limit:
            blocks += 1; cur = x
        else:
            cur += x
    return blocks <= cpus

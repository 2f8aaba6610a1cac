# mistake: a block must sum strictly below limit (>= instead of >)
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for t in tasks:
        if t >= limit and t > 0:
            return False
        if cur + t >= limit and cur > 0:
            blocks += 1; cur = t
        else:
            cur += t
    return blocks <= cpus

# mistake: returns 1/0 instead of a bool
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for t in tasks:
        if t > limit:
            return 0
        if cur + t > limit:
            blocks += 1; cur = t
        else:
            cur += t
    return int(blocks <= cpus)

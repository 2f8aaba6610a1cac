# mistake: forgets that a single task larger than limit can never fit
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for t in tasks:
        if cur + t > limit:
            blocks += 1; cur = t
        else:
            cur += t
    return blocks <= cpus

# mistake: starts counting at 0 blocks, so allows cpus + 1 blocks
def fits(tasks, cpus, limit):
    blocks, cur = 0, 0
    for t in tasks:
        if t > limit:
            return False
        if cur + t > limit:
            blocks += 1; cur = t
        else:
            cur += t
    return blocks <= cpus

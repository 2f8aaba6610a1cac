# right: greedy blocks
def fits(tasks, cpus, limit):
    blocks = 1 if tasks else 0; cur = 0
    for x in tasks:
        if x > limit: return False
        if cur + x > limit:
            blocks += 1; cur = x
        else:
            cur += x
    return blocks <= cpus

# wrong: big-task exit returns 0 not False
def fits(tasks, cpus, limit):
    blocks = 1 if tasks else 0; cur = 0
    for x in tasks:
        if x > limit: return 0
        if cur + x > limit:
            blocks += 1; cur = x
        else:
            cur += x
    return blocks <= cpus

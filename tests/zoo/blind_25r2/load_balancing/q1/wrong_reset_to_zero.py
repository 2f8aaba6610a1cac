# wrong: a new block starts at 0 instead of at the task that opened it (the task is lost)
def fits(tasks, cpus, limit):
    blocks, run = 1 if tasks else 0, 0
    for t in tasks:
        if t > limit:
            return False
        if run + t > limit:
            blocks += 1; run = 0
        else:
            run += t
    return blocks <= cpus

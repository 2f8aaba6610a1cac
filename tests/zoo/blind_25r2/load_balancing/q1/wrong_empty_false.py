# wrong: no tasks gives False
def fits(tasks, cpus, limit):
    if not tasks:
        return False
    blocks, run = 0, None
    for t in tasks:
        if t > limit:
            return False
        if run is None or run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    return blocks <= cpus

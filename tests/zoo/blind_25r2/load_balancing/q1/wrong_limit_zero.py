# wrong: a limit of 0 fits nothing, but tasks of size 0 fit in it
def fits(tasks, cpus, limit):
    if limit == 0:
        return not tasks
    blocks, run = 0, None
    for t in tasks:
        if t > limit:
            return False
        if run is None or run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    return blocks <= cpus

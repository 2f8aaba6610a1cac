# wrong: sorts the tasks first (ignores "in the order given")
def fits(tasks, cpus, limit):
    blocks, run = 0, None
    for t in sorted(tasks, reverse=True):
        if t > limit:
            return False
        if run is None or run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    return blocks <= cpus

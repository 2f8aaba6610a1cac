# wrong: blocks < cpus (one CPU short)
def fits(tasks, cpus, limit):
    blocks, run = 0, None
    for t in tasks:
        if t > limit:
            return False
        if run is None or run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    return blocks < cpus or not tasks

# wrong: never checks a single task against the limit (a too-big task just opens a block)
def fits(tasks, cpus, limit):
    blocks, run = 0, None
    for t in tasks:
        if run is None or run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    return blocks <= cpus

# right (unusual): greedy from the right end (also minimises the number of blocks)
def fits(tasks, cpus, limit):
    blocks, run = 0, None
    for t in reversed(tasks):
        if t > limit:
            return False
        if run is None or run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    return blocks <= cpus

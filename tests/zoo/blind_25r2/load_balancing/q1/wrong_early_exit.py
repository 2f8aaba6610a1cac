# wrong: gives up as soon as the block count EQUALS cpus (before the last block is even filled)
def fits(tasks, cpus, limit):
    blocks, run = 0, None
    for t in tasks:
        if t > limit:
            return False
        if run is None or run + t > limit:
            blocks += 1; run = t
            if blocks >= cpus and cpus > 1:
                return False
        else:
            run += t
    return blocks <= cpus

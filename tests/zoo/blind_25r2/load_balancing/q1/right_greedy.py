# right: greedy left to right, a task larger than the limit fails at once
def fits(tasks, cpus, limit):
    blocks, run = 0, None
    for t in tasks:
        if t > limit:
            return False
        if run is None or run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    return blocks <= cpus

# wrong: falls off the end (None) when it does not fit
def fits(tasks, cpus, limit):
    blocks, run = 0, None
    for t in tasks:
        if t > limit:
            return None
        if run is None or run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    if blocks <= cpus:
        return True

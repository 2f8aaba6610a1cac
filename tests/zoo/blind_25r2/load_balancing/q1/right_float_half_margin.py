# right (unusual): compares in floats with a half-tick margin; exact for whole sizes below 2**52
def fits(tasks, cpus, limit):
    blocks, run = 0, None
    for t in tasks:
        if t > limit:
            return False
        if run is None or float(run) + float(t) > float(limit) + 0.5:
            blocks += 1; run = t
        else:
            run += t
    return blocks <= cpus

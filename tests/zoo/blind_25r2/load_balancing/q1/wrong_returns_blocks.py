# wrong: returns cpus - blocks + 1 style truthy int instead of a bool
def fits(tasks, cpus, limit):
    blocks, run = 0, None
    for t in tasks:
        if t > limit:
            return 0
        if run is None or run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    return int(blocks <= cpus)

# wrong: tries the limits one by one from the largest task (too slow for sizes near 10**9)
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
def min_time_contiguous(tasks, cpus):
    if not tasks:
        return 0
    T = max(tasks)
    while not fits(tasks, cpus, T):
        T += 1
    return T

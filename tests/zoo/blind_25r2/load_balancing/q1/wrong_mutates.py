# wrong: reverses the caller's list for a right-to-left greedy and forgets to restore it
def fits(tasks, cpus, limit):
    tasks.reverse()
    blocks, run = 0, None
    for t in tasks:
        if t > limit:
            return False
        if run is None or run + t > limit:
            blocks += 1; run = t
        else:
            run += t
    return blocks <= cpus

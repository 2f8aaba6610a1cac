# mistake: tries every limit one by one from max(tasks) (too slow for sizes up to 10^9)
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for t in tasks:
        if t > limit:
            return False
        if cur + t > limit:
            blocks += 1; cur = t
        else:
            cur += t
    return blocks <= cpus
def min_time_contiguous(tasks, cpus):
    if not tasks: return 0
    L = max(tasks)
    while not fits(tasks, cpus, L): L += 1
    return L

# wrong: tries every limit from max upward (too slow)
def fits(tasks, cpus, limit):
    blocks = 1 if tasks else 0; cur = 0
    for x in tasks:
        if x > limit: return False
        if cur + x > limit:
            blocks += 1; cur = x
        else:
            cur += x
    return blocks <= cpus
def min_time_contiguous(tasks, cpus):
    if not tasks: return 0
    L = max(tasks)
    while not fits(tasks, cpus, L): L += 1
    return L

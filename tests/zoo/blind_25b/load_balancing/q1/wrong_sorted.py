# mistake: sorts the tasks (ignores "in the order given")
def fits(tasks, cpus, limit):
    blocks, cur = 1, 0
    for t in sorted(tasks):
        if t > limit:
            return False
        if cur + t > limit:
            blocks += 1; cur = t
        else:
            cur += t
    return blocks <= cpus

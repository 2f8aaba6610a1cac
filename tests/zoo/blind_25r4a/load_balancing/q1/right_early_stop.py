# right: stops as soon as blocks exceed cpus
def fits(tasks, cpus, limit):
    used = 0; cur = None
    for x in tasks:
        if x > limit: return False
        if cur is None or cur + x > limit:
            used += 1; cur = x
            if used > cpus: return False
        else:
            cur += x
    return True

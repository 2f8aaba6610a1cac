# wrong: counts cuts and compares cuts <= cpus (one block too many allowed)
def fits(tasks, cpus, limit):
    cuts = 0; cur = 0
    for x in tasks:
        if x > limit: return False
        if cur + x > limit: cuts += 1; cur = x
        else: cur += x
    return cuts <= cpus

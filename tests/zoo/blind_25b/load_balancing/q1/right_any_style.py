# style: count cuts with a running sum, bool(...) at the end, early exit
def fits(tasks, cpus, limit):
    if any(t > limit for t in tasks):
        return False
    cuts, run = 0, 0
    for t in tasks:
        run += t
        if run > limit:
            cuts += 1; run = t
            if cuts >= cpus:
                return False
    return True

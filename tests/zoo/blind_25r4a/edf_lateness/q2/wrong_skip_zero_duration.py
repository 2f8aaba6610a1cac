# wrong: skips jobs of length 0
def max_lateness(order):
    t = 0; best = None
    for j in order:
        if not j.duration: continue
        t += j.duration; best = t - j.deadline if best is None else max(best, t - j.deadline)
    return 0 if best is None else best

# wrong: min instead of max
def max_lateness(order):
    t = 0; best = None
    for j in order:
        t += j.duration; best = t - j.deadline if best is None else min(best, t - j.deadline)
    return 0 if best is None else best

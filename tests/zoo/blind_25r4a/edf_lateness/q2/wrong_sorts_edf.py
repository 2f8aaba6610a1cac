# wrong: sorts to EDF first instead of using the given order
def max_lateness(order):
    t = 0; best = None
    for j in sorted(order, key=lambda j: j.deadline):
        t += j.duration; best = t - j.deadline if best is None else max(best, t - j.deadline)
    return 0 if best is None else best

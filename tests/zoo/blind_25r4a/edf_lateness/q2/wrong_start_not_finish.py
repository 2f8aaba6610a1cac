# wrong: lateness from start time
def max_lateness(order):
    t = 0; best = None
    for j in order:
        l = t - j.deadline; t += j.duration
        best = l if best is None else max(best, l)
    return 0 if best is None else best

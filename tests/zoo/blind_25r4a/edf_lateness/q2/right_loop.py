# right: running finish time
def max_lateness(order):
    t = 0; best = None
    for j in order:
        t += j.duration
        if best is None or t - j.deadline > best: best = t - j.deadline
    return 0 if best is None else best

# mistake: lateness measured at start instead of finish
def max_lateness(order):
    t = 0; best = None
    for j in order:
        late = t - j.deadline
        t += j.duration
        best = late if best is None else max(best, late)
    return 0 if best is None else best

# wrong: clamps at 0 (never negative)
def max_lateness(order):
    t = 0; best = 0
    for j in order:
        t += j.duration; best = max(best, t - j.deadline)
    return best

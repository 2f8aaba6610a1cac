# wrong: rounds the result to 6 places
def max_lateness(order):
    t = 0; best = None
    for j in order:
        t += j.duration; best = t - j.deadline if best is None else max(best, t - j.deadline)
    return 0 if best is None else round(best, 6)

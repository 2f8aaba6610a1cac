# wrong: total lateness of late jobs
def max_lateness(order):
    t = 0; s = 0
    for j in order:
        t += j.duration; s += max(0, t - j.deadline)
    return s

# wrong: returns None for no jobs
def max_lateness(order):
    t, worst = 0, None
    for j in order:
        t += j.duration
        worst = t - j.deadline if worst is None else max(worst, t - j.deadline)
    return worst

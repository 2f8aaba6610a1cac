# wrong: the maximum starts at -1 as a "small enough" sentinel
def max_lateness(order):
    if not order:
        return 0
    t, worst = 0, -1
    for j in order:
        t += j.duration
        worst = max(worst, t - j.deadline)
    return worst

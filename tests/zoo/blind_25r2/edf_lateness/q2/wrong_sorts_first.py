# wrong: sorts by deadline first instead of using the order given
def max_lateness(order):
    t, worst = 0, None
    for j in sorted(order, key=lambda j: j.deadline):
        t += j.duration
        worst = t - j.deadline if worst is None else max(worst, t - j.deadline)
    return 0 if worst is None else worst

# wrong: takes the smallest lateness
def max_lateness(order):
    t, worst = 0, None
    for j in order:
        t += j.duration
        worst = t - j.deadline if worst is None else min(worst, t - j.deadline)
    return 0 if worst is None else worst

# wrong: clock starts at 1 (ticks counted from 1)
def max_lateness(order):
    t, worst = 1, None
    for j in order:
        t += j.duration
        worst = t - j.deadline if worst is None else max(worst, t - j.deadline)
    return 0 if worst is None else worst

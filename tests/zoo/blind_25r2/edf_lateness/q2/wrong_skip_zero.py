# wrong: skips jobs of length 0 (they cannot be late...)
def max_lateness(order):
    t, worst = 0, None
    for j in order:
        if j.duration == 0:
            continue
        t += j.duration
        worst = t - j.deadline if worst is None else max(worst, t - j.deadline)
    return 0 if worst is None else worst

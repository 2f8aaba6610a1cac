# wrong: lateness measured at the start of each job
def max_lateness(order):
    t, worst = 0, None
    for j in order:
        worst = t - j.deadline if worst is None else max(worst, t - j.deadline)
        t += j.duration
    return 0 if worst is None else worst

# wrong: sign flipped, deadline - finish
def max_lateness(order):
    t, worst = 0, None
    for j in order:
        t += j.duration
        worst = j.deadline - t if worst is None else max(worst, j.deadline - t)
    return 0 if worst is None else worst

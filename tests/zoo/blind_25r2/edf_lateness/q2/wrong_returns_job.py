# wrong: returns the latest job, not the number
def max_lateness(order):
    t, best, worst = 0, None, None
    for j in order:
        t += j.duration
        if worst is None or t - j.deadline > worst:
            worst, best = t - j.deadline, j
    return 0 if best is None else best

# right: via max lateness of the EDF order, <= 0, coerced to a real bool
def feasible(jobs):
    t, worst = 0, float("-inf")
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        worst = max(worst, t - j.deadline)
    return bool(worst <= 0)

# wrong: starts the maximum at 0 (tardiness), so an all-early order gives 0
def max_lateness(order):
    t = worst = 0
    for j in order:
        t += j.duration
        worst = max(worst, t - j.deadline)
    return worst

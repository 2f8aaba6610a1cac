# wrong: returns float('-inf')... no: returns max with a -inf start, -inf for no jobs
def max_lateness(order):
    t, worst = 0, float("-inf")
    for j in order:
        t += j.duration
        worst = max(worst, t - j.deadline)
    return worst

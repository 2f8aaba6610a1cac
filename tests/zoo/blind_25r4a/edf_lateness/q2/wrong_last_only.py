# wrong: only the last job lateness
def max_lateness(order):
    if not order: return 0
    return sum(j.duration for j in order) - order[-1].deadline

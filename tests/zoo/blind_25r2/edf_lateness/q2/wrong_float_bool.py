# wrong: for a single job returns whether it is late (a bool) ... no: returns int(True) style
# max lateness as max of (finish > deadline) flags when all early  -> returns False for "no lateness"
def max_lateness(order):
    t, worst = 0, None
    for j in order:
        t += j.duration
        worst = t - j.deadline if worst is None else max(worst, t - j.deadline)
    if worst is None:
        return False
    return worst

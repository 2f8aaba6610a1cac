# mistake: checks the input order, not the best (EDF) order
def feasible(jobs):
    t = 0
    for j in jobs:
        t += j.duration
        if t > j.deadline:
            return False
    return True

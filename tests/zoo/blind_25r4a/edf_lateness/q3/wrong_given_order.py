# wrong: checks only the given order
def feasible(jobs):
    t = 0
    for j in jobs:
        t += j.duration
        if t > j.deadline: return False
    return True

# wrong: shortest first order
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.duration):
        t += j.duration
        if t > j.deadline: return False
    return True

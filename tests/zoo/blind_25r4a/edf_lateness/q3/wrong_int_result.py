# wrong: returns 1/0 instead of a bool
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        if t > j.deadline: return 0
    return 1

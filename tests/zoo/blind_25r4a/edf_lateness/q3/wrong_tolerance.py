# wrong: tolerance 1e-9
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        if t > j.deadline + 1e-9: return False
    return True

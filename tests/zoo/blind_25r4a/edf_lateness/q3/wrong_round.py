# wrong: rounds the running time to 6 places
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        t = round(t + j.duration, 6)
        if t > j.deadline: return False
    return True

# wrong: falls off the end (None) instead of returning False
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        if t > j.deadline:
            return
    return True

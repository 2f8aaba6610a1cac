# wrong: skips jobs of length 0, but one due below 0 is late at t = 0
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        if j.duration == 0:
            continue
        t += j.duration
        if t > j.deadline:
            return False
    return True

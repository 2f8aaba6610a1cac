# wrong: no jobs -> False
def feasible(jobs):
    if not jobs: return False
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        if t > j.deadline: return False
    return True

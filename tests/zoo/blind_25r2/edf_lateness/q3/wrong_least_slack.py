# wrong: least slack first (deadline - duration)
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline - j.duration):
        t += j.duration
        if t > j.deadline:
            return False
    return True

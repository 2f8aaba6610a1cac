# wrong: sorts the caller list
def feasible(jobs):
    jobs.sort(key=lambda j: j.deadline); t = 0
    for j in jobs:
        t += j.duration
        if t > j.deadline: return False
    return True

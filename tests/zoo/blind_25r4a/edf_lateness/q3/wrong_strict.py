# wrong: finishing exactly at the deadline counted late
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        if t >= j.deadline: return False
    return True

# right: EDF with equal deadlines longest first (ties cannot change the last finish of a group)
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: (j.deadline, -j.duration)):
        t += j.duration
        if t > j.deadline:
            return False
    return True

# wrong: compares round(finish, 1) with the deadline (a finish of 1.04 against 1.0 counts as on time)
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        if round(t, 1) > j.deadline:
            return False
    return True

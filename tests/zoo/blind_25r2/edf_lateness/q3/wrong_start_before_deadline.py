# wrong: checks that each job STARTS by its deadline
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        if t > j.deadline:
            return False
        t += j.duration
    return True

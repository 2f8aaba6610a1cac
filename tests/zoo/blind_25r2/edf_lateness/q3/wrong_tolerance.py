# wrong: a float tolerance lets a job finishing just after its deadline count as on time
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        if t > j.deadline + 0.01:
            return False
    return True

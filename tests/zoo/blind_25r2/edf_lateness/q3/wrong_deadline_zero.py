# wrong: treats a deadline of 0 as "no deadline" (falsy)
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        if j.deadline and t > j.deadline:
            return False
    return True

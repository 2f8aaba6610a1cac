# wrong: deadlines below 0 clamped to 0 ("a deadline can't be negative")
def feasible(jobs):
    t = 0
    for j in sorted(jobs, key=lambda j: j.deadline):
        t += j.duration
        if t > max(0, j.deadline):
            return False
    return True

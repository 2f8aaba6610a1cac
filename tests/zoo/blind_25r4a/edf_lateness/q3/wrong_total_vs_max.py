# wrong: only total duration <= latest deadline
def feasible(jobs):
    return sum(j.duration for j in jobs) <= max((j.deadline for j in jobs), default=0)

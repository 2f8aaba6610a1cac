# wrong: only compares total work with the latest deadline
def feasible(jobs):
    return sum(j.duration for j in jobs) <= max((j.deadline for j in jobs), default=0)

# wrong: each job alone fits
def feasible(jobs):
    return all(j.duration <= j.deadline for j in jobs)

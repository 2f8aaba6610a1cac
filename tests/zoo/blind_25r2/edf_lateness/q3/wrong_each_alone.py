# wrong: checks each job alone (duration <= deadline)
def feasible(jobs):
    return all(j.duration <= j.deadline for j in jobs)

# mistake: compares total work with the latest deadline only
def feasible(jobs):
    if not jobs: return True
    return sum(j.duration for j in jobs) <= max(j.deadline for j in jobs)

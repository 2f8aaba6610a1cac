# wrong: EDF, checks only the last job
def feasible(jobs):
    if not jobs: return True
    js = sorted(jobs, key=lambda j: j.deadline)
    return sum(j.duration for j in js) <= js[-1].deadline

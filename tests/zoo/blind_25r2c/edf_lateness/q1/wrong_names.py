# wrong: returns the names, not the jobs
def edf_order(jobs):
    return [j.name for j in sorted(jobs, key=lambda j: j.deadline)]

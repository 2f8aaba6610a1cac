# wrong: ties by name
def edf_order(jobs):
    return sorted(jobs, key=lambda j: (j.deadline, j.name))

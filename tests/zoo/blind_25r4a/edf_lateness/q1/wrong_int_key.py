# wrong: int(deadline) key truncates floats
def edf_order(jobs):
    return sorted(jobs, key=lambda j: int(j.deadline))

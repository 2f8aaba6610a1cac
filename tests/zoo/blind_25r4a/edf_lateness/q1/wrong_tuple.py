# wrong: returns a tuple
def edf_order(jobs):
    return tuple(sorted(jobs, key=lambda j: j.deadline))

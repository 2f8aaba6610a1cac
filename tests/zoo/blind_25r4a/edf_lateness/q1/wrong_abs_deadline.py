# wrong: abs(deadline) (negatives mishandled)
def edf_order(jobs):
    return sorted(jobs, key=lambda j: abs(j.deadline))

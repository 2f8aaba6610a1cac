# wrong: abs(deadline), so a job due below 0 goes late in the order
def edf_order(jobs):
    return sorted(jobs, key=lambda j: abs(j.deadline))

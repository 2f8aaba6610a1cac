# wrong: sorts on round(deadline) (floats rounded, banker's rounding)
def edf_order(jobs):
    return sorted(jobs, key=lambda j: round(j.deadline))

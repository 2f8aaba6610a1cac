# wrong: sorts on round(deadline, 1): deadlines 0.12 and 0.08 count as equal (0.1)
def edf_order(jobs):
    return sorted(jobs, key=lambda j: round(j.deadline, 1))

# wrong: round(deadline, 6) key merges values a hair apart
def edf_order(jobs):
    return sorted(jobs, key=lambda j: round(j.deadline, 6))

# wrong: deadline 0 treated as missing (j.deadline or inf)
def edf_order(jobs):
    return sorted(jobs, key=lambda j: j.deadline or float("inf"))

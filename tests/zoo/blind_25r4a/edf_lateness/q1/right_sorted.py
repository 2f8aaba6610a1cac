# right: sorted by deadline (stable)
def edf_order(jobs):
    return sorted(jobs, key=lambda j: j.deadline)

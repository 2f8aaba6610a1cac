# right (the 00 demo's fix): stable sort by deadline
def edf_order(jobs):
    return sorted(jobs, key=lambda j: j.deadline)

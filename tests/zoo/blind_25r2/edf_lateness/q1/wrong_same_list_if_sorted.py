# wrong: returns the caller's own list when it is already sorted ("Return a new list")
def edf_order(jobs):
    s = sorted(jobs, key=lambda j: j.deadline)
    return jobs if s == jobs else s

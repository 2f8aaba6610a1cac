# wrong: pre-sorts by name then by deadline (ties in name order)
def edf_order(jobs):
    return sorted(sorted(jobs, key=lambda j: j.name), key=lambda j: j.deadline)

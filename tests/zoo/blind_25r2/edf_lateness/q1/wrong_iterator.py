# wrong: returns an iterator over the sorted jobs
def edf_order(jobs):
    return iter(sorted(jobs, key=lambda j: j.deadline))

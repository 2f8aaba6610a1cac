# mistake: sorts the caller's list in place
def edf_order(jobs):
    jobs.sort(key=lambda j: j.deadline)
    return jobs

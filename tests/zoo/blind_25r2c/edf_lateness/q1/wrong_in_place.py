# wrong: sorts the input list in place
def edf_order(jobs):
    jobs.sort(key=lambda j: j.deadline)
    return jobs

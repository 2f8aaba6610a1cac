# wrong: jobs.sort() changes the caller's list ("Do not change the list you were given")
def edf_order(jobs):
    jobs.sort(key=lambda j: j.deadline)
    return list(jobs)

# wrong: sorts the input in place and returns it
def edf_order(jobs):
    jobs.sort(key=lambda j: j.deadline); return jobs

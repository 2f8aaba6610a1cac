# wrong: no lock at all
def claim(job, lock):
    if job.status != "PENDING":
        return False
    job.status = "RUNNING"
    return True

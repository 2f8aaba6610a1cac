# wrong: the lock covers only the set
def claim(job, lock):
    if job.status != "PENDING":
        return False
    with lock:
        job.status = "RUNNING"
    return True

# wrong: returns the old status string instead of a bool
def claim(job, lock):
    with lock:
        if job.status != "PENDING":
            return False
        job.status = "RUNNING"
        return "PENDING"

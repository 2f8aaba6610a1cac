# sets status to the lowercase string "running"
def claim(job, lock):
    with lock:
        if job.status != "PENDING":
            return False
        job.status = "running"
        return True

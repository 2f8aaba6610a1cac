# wrong: claims anything not RUNNING (a CANCELLED job is revived)
def claim(job, lock):
    with lock:
        if job.status == "RUNNING":
            return False
        job.status = "RUNNING"
        return True

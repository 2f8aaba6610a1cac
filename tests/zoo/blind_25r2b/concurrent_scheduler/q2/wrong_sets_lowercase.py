# wrong: sets status to 'running' (wrong value)
def claim(job, lock):
    with lock:
        if job.status != "PENDING":
            return False
        job.status = "running"
        return True

# wrong: reads the status into a local before taking the lock, tests the local inside
def claim(job, lock):
    s = job.status
    with lock:
        if s != "PENDING":
            return False
        job.status = "RUNNING"
        return True

# wrong: acquire(blocking=False): gives up (returns False) when the lock is busy
def claim(job, lock):
    if not lock.acquire(blocking=False):
        return False
    try:
        if job.status != "PENDING":
            return False
        job.status = "RUNNING"
        return True
    finally:
        lock.release()

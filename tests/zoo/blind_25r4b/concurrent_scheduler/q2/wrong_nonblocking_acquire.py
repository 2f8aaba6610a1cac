# WRONG: acquire(blocking=False) and proceed anyway
def claim(job, lock):
    got = lock.acquire(blocking=False)
    try:
        if job.status == 'PENDING':
            job.status = 'RUNNING'
            return True
        return False
    finally:
        if got:
            lock.release()

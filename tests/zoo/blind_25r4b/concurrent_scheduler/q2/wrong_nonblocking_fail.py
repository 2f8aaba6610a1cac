# WRONG: acquire(blocking=False), return False if busy (spurious loss)
def claim(job, lock):
    if not lock.acquire(blocking=False):
        return False
    try:
        if job.status == 'PENDING':
            job.status = 'RUNNING'
            return True
        return False
    finally:
        lock.release()

# 07 q2. Wrong: try-lock; when the lock is busy, give up and return False even though the job is still PENDING.
# Breaks: "If the job is PENDING, make it RUNNING and return True"
def claim(job, lock):
    if not lock.acquire(blocking=False):
        return False
    try:
        if job.status == "PENDING":
            job.status = "RUNNING"
            return True
        return False
    finally:
        lock.release()

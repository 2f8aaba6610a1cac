# 07 q2. Right: double-checked locking (fast path outside, re-test inside).
from kit.jobs import Status
def claim(job, lock):
    if job.status != Status.PENDING:
        return False
    with lock:
        if job.status != Status.PENDING:
            return False
        job.status = Status.RUNNING
        return True

# test outside the lock, only the set under it
from kit.jobs import Status

def claim(job, lock):
    if job.status != Status.PENDING:
        return False
    with lock:
        job.status = Status.RUNNING
    return True

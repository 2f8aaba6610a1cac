# returns None instead of False when not PENDING
from kit.jobs import Status

def claim(job, lock):
    with lock:
        if job.status == Status.PENDING:
            job.status = Status.RUNNING
            return True

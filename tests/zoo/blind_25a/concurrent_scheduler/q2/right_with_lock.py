# style: with-statement around test and set
from kit.jobs import Status

def claim(job, lock):
    with lock:
        if job.status != Status.PENDING:
            return False
        job.status = Status.RUNNING
        return True

# check-then-set with no lock
from kit.jobs import Status

def claim(job, lock):
    if job.status != Status.PENDING:
        return False
    job.status = Status.RUNNING
    return True

# claims anything that is not RUNNING (a CANCELLED or DONE job too)
from kit.jobs import Status

def claim(job, lock):
    with lock:
        if job.status == Status.RUNNING:
            return False
        job.status = Status.RUNNING
        return True

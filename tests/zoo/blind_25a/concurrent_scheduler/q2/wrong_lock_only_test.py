# test under the lock, set after releasing it
from kit.jobs import Status

def claim(job, lock):
    with lock:
        ok = job.status == Status.PENDING
    if ok:
        job.status = Status.RUNNING
    return ok

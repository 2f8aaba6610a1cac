# right: explicit acquire/try/finally with the Status enum
from kit.jobs import Status
def claim(job, lock):
    lock.acquire()
    try:
        ok = job.status == Status.PENDING
        if ok:
            job.status = Status.RUNNING
        return ok
    finally:
        lock.release()

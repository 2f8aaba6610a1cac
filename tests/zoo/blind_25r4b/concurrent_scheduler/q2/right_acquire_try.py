# RIGHT: acquire/try/finally with Status enum
from kit.jobs import Status
def claim(job, lock):
    lock.acquire()
    try:
        ok = job.status is Status.PENDING
        if ok:
            job.status = Status.RUNNING
    finally:
        lock.release()
    return ok

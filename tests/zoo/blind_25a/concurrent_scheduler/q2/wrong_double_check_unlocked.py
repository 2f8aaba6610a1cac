# double-checked: unlocked test, then lock and set without re-testing
from kit.jobs import Status

def claim(job, lock):
    if job.status == Status.PENDING:
        lock.acquire()
        job.status = Status.RUNNING
        lock.release()
        return True
    return False

# WRONG: release before the set via explicit acquire
def claim(job, lock):
    lock.acquire()
    ok = job.status == 'PENDING'
    lock.release()
    if ok:
        job.status = 'RUNNING'
    return ok

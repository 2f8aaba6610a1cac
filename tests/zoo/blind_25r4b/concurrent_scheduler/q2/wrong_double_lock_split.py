# WRONG: test under lock, set under a second acquisition
def claim(job, lock):
    with lock:
        ok = job.status == 'PENDING'
    if not ok:
        return False
    with lock:
        job.status = 'RUNNING'
    return True

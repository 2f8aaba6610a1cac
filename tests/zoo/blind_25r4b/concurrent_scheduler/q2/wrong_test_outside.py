# WRONG: test outside lock, set inside
def claim(job, lock):
    if job.status != 'PENDING':
        return False
    with lock:
        job.status = 'RUNNING'
    return True

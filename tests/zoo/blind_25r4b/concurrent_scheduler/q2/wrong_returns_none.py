# WRONG: returns None on failure
def claim(job, lock):
    with lock:
        if job.status == 'PENDING':
            job.status = 'RUNNING'
            return True

# WRONG: returns status, not bool
def claim(job, lock):
    with lock:
        if job.status == 'PENDING':
            job.status = 'RUNNING'
            return job.status
        return False

# WRONG: tests != RUNNING instead of == PENDING
def claim(job, lock):
    with lock:
        if job.status != 'RUNNING':
            job.status = 'RUNNING'
            return True
        return False

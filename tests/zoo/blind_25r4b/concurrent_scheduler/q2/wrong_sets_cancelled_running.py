# WRONG: claims any non-terminal (CANCELLED too)
def claim(job, lock):
    with lock:
        if job.status in ('PENDING', 'CANCELLED'):
            job.status = 'RUNNING'
            return True
        return False

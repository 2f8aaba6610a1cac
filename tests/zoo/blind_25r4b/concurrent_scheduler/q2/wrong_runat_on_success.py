# WRONG: also moves run_at on success
def claim(job, lock):
    with lock:
        if job.status == 'PENDING':
            job.status = 'RUNNING'
            job.run_at = -1
            return True
        return False

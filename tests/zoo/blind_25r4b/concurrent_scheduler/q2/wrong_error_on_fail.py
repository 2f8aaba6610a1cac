# WRONG: writes job.error on a failed claim
def claim(job, lock):
    with lock:
        if job.status == 'PENDING':
            job.status = 'RUNNING'
            return True
        job.error = 'claim lost'
        return False

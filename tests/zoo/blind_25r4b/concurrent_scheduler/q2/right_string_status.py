# WRONG: sets status to plain str 'RUNNING' (not Status)
def claim(job, lock):
    with lock:
        if job.status == 'PENDING':
            job.status = 'RUNNING'
            return True
    return False

# WRONG: bumps attempts on a failed claim ('otherwise change nothing')
def claim(job, lock):
    with lock:
        if job.status == 'PENDING':
            job.status = 'RUNNING'
            return True
        job.attempts += 1
        return False

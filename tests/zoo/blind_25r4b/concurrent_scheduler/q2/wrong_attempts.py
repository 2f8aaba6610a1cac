# WRONG: also increments attempts (changes something else)
def claim(job, lock):
    with lock:
        if job.status == 'PENDING':
            job.status = 'RUNNING'
            job.attempts += 1
            return True
        return False

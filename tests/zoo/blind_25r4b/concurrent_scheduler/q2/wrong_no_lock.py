# WRONG: no lock
def claim(job, lock):
    if job.status == 'PENDING':
        job.status = 'RUNNING'
        return True
    return False

# wrong: calls the kit's Job.claim() without the lock
def claim(job, lock):
    return job.claim()

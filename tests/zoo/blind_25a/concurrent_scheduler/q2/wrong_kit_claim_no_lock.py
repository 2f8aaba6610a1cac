# calls the kit's Job.claim without the lock
def claim(job, lock):
    return bool(job.claim())

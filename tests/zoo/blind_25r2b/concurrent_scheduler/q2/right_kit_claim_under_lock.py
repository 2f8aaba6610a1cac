# right: delegates to the kit's Job.claim() inside the lock
def claim(job, lock):
    with lock:
        return bool(job.claim())

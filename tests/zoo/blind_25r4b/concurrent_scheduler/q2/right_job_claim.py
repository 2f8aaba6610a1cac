# RIGHT: delegate to job.claim under the lock
def claim(job, lock):
    with lock:
        return job.claim()

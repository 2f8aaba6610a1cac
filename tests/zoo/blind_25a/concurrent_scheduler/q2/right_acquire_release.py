# style: explicit acquire / try-finally release, delegating to Job.claim under the lock
def claim(job, lock):
    lock.acquire()
    try:
        return bool(job.claim())
    finally:
        lock.release()

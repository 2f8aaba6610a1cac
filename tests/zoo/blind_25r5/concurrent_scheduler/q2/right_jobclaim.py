# 07 q2. Right: the kit's own Job.claim under the lock, acquire/release by hand.
def claim(job, lock):
    lock.acquire()
    try:
        return bool(job.claim())
    finally:
        lock.release()

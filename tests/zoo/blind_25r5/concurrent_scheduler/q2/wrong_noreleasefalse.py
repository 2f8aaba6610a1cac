# 07 q2. Wrong: the lock is never released on the False path.
# Breaks: "all with the same lock": the next caller blocks forever
def claim(job, lock):
    lock.acquire()
    if job.status != "PENDING":
        return False
    job.status = "RUNNING"
    lock.release()
    return True

# wrong: acquire without release on the False path (lock leaked)
def claim(job, lock):
    lock.acquire()
    if job.status != "PENDING":
        return False
    job.status = "RUNNING"
    lock.release()
    return True

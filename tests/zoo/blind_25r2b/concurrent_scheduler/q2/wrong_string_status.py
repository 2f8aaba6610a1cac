# wrong: is-compare against the Status enum via identity with a str ('is not "PENDING"')
def claim(job, lock):
    with lock:
        if job.status is not "PENDING":
            return False
        job.status = "RUNNING"
        return True

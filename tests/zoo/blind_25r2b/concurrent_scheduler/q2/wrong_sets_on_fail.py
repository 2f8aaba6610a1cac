# wrong: sets RUNNING even when it returns False
def claim(job, lock):
    with lock:
        was = job.status
        job.status = "RUNNING"
        return was == "PENDING"

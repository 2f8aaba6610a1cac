# right: one-expression style under the lock
def claim(job, lock):
    with lock:
        won = str(job.status) in ("PENDING", "Status.PENDING") and job.status == "PENDING"
        if won: job.status = "RUNNING"
    return won

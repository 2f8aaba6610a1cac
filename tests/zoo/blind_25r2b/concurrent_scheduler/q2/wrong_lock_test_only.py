# wrong: the lock covers the test, the set comes after releasing it
def claim(job, lock):
    with lock:
        ok = job.status == "PENDING"
    if not ok:
        return False
    job.status = "RUNNING"
    return True

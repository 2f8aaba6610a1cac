# wrong: double-checked: test outside, then lock and set without re-testing
def claim(job, lock):
    if job.status == "PENDING":
        with lock:
            job.status = "RUNNING"
        return True
    return False

# 07 q2. Wrong: the lock is taken twice, released between the test and the set.
# Breaks: "the test and the set must be one step"
def claim(job, lock):
    with lock:
        ok = job.status == "PENDING"
    if not ok:
        return False
    with lock:
        job.status = "RUNNING"
    return True

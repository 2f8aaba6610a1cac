# 07 q2. Wrong: double-check with the first test outside, and the lock only around the set (no re-test).
# Breaks: "the test and the set must be one step"
def claim(job, lock):
    if job.status != "PENDING":
        return False
    with lock:
        job.status = "RUNNING"
        return True

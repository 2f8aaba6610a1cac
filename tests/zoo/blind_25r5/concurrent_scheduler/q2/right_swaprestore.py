# 07 q2. Wrong: writes RUNNING first, then writes the old status back when it was not PENDING
# (a CANCELLED job is briefly RUNNING, and its status object is replaced).
# Breaks: "otherwise change nothing and return False"
def claim(job, lock):
    with lock:
        old = job.status
        job.status = "RUNNING"
        if old != "PENDING":
            job.status = str(old.value) if hasattr(old, "value") else old
            return False
        return True

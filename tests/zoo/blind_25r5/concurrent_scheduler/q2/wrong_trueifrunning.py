# 07 q2. Wrong: returns True for a job that was already RUNNING.
# Breaks: "otherwise change nothing and return False"
def claim(job, lock):
    with lock:
        if job.status == "PENDING":
            job.status = "RUNNING"
        return job.status == "RUNNING"

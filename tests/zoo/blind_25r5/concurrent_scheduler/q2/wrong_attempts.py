# 07 q2. Wrong: also counts the attempt.
# Breaks: "A claim sets the status and no other field of the job"
def claim(job, lock):
    with lock:
        if job.status == "PENDING":
            job.status = "RUNNING"
            job.attempts = job.attempts + 1
            return True
        return False

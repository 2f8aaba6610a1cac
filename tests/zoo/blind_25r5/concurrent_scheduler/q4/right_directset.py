# 07 q4. Wrong: sets RUNNING directly instead of job.claim() (test and set not one step).
# Breaks: "Pop jobs from the ready heap until one can be claimed (`job.claim()`)"
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.status == "PENDING":
            job.status = type(job.status)("RUNNING")
            return job
    return None

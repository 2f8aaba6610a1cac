# WRONG: tests status instead of claim (does not set RUNNING)
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.status == 'PENDING':
            return job
    return None

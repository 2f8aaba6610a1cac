# wrong: marks a skipped job FAILED
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.claim():
            return job
        job.status = "FAILED"
    return None

# RIGHT: while loop
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.claim():
            return job
    return None

# WRONG: gives up after one failed claim
def next_job(ready):
    if ready:
        job = ready.pop()
        if job.claim():
            return job
    return None

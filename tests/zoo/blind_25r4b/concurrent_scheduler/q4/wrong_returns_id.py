# WRONG: returns id
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.claim():
            return job.id
    return None

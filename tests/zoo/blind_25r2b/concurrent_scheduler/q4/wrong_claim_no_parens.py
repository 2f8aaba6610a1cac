# wrong: `if job.claim:` (the bound method, always truthy): returns the first popped job without claiming it
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.claim:
            return job
    return None

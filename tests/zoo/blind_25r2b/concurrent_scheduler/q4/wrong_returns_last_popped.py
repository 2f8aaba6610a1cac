# wrong: when the heap runs out, returns the last popped (cancelled) job instead of None
def next_job(ready):
    job = None
    while ready:
        job = ready.pop()
        if job.claim():
            return job
    return job

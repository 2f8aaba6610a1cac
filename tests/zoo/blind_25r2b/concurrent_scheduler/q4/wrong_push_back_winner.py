# wrong: returns the claimed job but pushes it back onto the heap
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.claim():
            ready.push(job)
            return job
    return None

# wrong: returns False when the heap runs out
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.claim():
            return job
    return False

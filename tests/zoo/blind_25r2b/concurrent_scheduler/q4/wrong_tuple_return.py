# wrong: returns (job, True)
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.claim():
            return (job, True)
    return None

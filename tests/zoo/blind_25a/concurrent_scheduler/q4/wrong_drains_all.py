# claims every claimable job and returns the last one
def next_job(ready):
    got = None
    while len(ready):
        job = ready.pop()
        if job.claim():
            got = job
    return got

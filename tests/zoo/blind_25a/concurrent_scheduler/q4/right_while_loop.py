# style: while len(ready)
def next_job(ready):
    while len(ready):
        job = ready.pop()
        if job.claim():
            return job
    return None

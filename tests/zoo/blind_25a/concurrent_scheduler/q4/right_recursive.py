# style: recursive
def next_job(ready):
    if not ready:
        return None
    job = ready.pop()
    return job if job.claim() else next_job(ready)

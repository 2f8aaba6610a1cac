# 07 q4. Right: recursive form.
def next_job(ready):
    if not ready:
        return None
    job = ready.pop()
    return job if job.claim() else next_job(ready)

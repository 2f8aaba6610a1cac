# WRONG: pushes failed claims back onto ready... infinite? (pushes back once)
def next_job(ready):
    failed = []
    while ready:
        job = ready.pop()
        if job.claim():
            for f in failed: ready.push(f)
            return job
        failed.append(job)
    for f in failed: ready.push(f)
    return None

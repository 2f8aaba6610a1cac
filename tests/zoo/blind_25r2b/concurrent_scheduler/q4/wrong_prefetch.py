# wrong: also claims the next job (prefetch) and pushes it back
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.claim():
            if ready:
                nxt = ready.pop(); nxt.claim(); ready.push(nxt)
            return job
    return None

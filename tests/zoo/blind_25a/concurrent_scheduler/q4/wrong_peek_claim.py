# claims the front job with peek, pops only on success, leaving failed ones at the front
def next_job(ready):
    while len(ready):
        job = ready.peek()
        if job.claim():
            return ready.pop()
        return None
    return None

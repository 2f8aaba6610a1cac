# wrong: pops once: a cancelled front job means None
def next_job(ready):
    if ready:
        job = ready.pop()
        if job.claim():
            return job
    return None

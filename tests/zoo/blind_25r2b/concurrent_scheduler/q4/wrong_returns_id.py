# wrong: returns the job's id, not the Job
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.claim():
            return job.id
    return None

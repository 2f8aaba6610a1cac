# returns the job id, not the Job
def next_job(ready):
    while len(ready):
        job = ready.pop()
        if job.claim():
            return job.id
    return None

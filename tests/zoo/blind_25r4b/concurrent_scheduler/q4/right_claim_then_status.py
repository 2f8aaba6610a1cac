# RIGHT (equivalent): claim then test status; heap holds only PENDING or CANCELLED
def next_job(ready):
    while ready:
        job = ready.pop()
        job.claim()
        if job.status == 'RUNNING':
            return job
    return None

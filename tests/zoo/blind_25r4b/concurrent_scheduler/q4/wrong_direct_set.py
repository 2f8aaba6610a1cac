# WRONG: sets RUNNING without claim and without status test
def next_job(ready):
    if ready:
        job = ready.pop()
        job.status = 'RUNNING'
        return job
    return None

# tests status == PENDING but never claims (status stays PENDING)
def next_job(ready):
    while len(ready):
        job = ready.pop()
        if job.status == "PENDING":
            return job
    return None

# wrong: tests status == PENDING and returns it without claiming
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.status == "PENDING":
            return job
    return None

# pushes a job whose claim failed back onto the heap and returns None
def next_job(ready):
    while len(ready):
        job = ready.pop()
        if job.claim():
            return job
        ready.push(job)
        return None
    return None

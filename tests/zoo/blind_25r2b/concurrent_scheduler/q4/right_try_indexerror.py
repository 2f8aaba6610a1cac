# right: EAFP: pop until IndexError
def next_job(ready):
    while True:
        try:
            job = ready.pop()
        except IndexError:
            return None
        if job.claim():
            return job

# wrong: keeps popping and returns the last claimable job (claims all)
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.claim():
            found = job
    return locals().get('found')

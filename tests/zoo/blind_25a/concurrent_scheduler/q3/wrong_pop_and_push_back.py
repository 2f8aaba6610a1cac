# pops the first not-due job and pushes it back
def promote(delayed, ready, now):
    while len(delayed):
        job = delayed.pop()
        if job.run_at > now:
            delayed.push(job)
            return
        if job.status == "PENDING":
            ready.push(job)

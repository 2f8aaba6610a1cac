# run_at < now: a job due exactly now left waiting
def promote(delayed, ready, now):
    while len(delayed) and delayed.peek().run_at < now:
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)

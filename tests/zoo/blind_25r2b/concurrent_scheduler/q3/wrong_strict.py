# wrong: run_at < now: a job due exactly now waits
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at < now:
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)

# wrong: promotes at most one job per call
def promote(delayed, ready, now):
    if delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)

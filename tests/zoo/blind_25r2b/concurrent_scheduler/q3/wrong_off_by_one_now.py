# wrong: uses now + 1 (due a tick early)
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now + 1:
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)

# stops at the first cancelled job instead of dropping it and going on
def promote(delayed, ready, now):
    while len(delayed) and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status != "PENDING":
            return
        ready.push(job)

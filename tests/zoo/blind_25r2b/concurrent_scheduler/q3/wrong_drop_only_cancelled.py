# wrong: drops only CANCELLED; DONE/FAILED/RUNNING jobs are promoted
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status != "CANCELLED":
            ready.push(job)

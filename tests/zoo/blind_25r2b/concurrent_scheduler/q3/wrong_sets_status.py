# wrong: marks promoted jobs READY/PENDING again and cancelled ones dropped (changes a status)
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)
        else:
            job.status = "CANCELLED"

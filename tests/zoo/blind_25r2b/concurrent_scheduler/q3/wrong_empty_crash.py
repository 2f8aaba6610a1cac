# wrong: peeks without checking emptiness
def promote(delayed, ready, now):
    while delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)

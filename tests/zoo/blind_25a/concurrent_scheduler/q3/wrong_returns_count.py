# returns the number promoted instead of None
def promote(delayed, ready, now):
    n = 0
    while len(delayed) and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)
            n += 1
    return n

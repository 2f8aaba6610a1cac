# wrong: returns the number promoted ('return nothing (None)')
def promote(delayed, ready, now):
    n = 0
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)
            n += 1
    return n

# style: pop then decide, break on first not-due via peek guard in a for-ever loop
def promote(delayed, ready, now):
    while True:
        if not delayed:
            return None
        if delayed.peek().run_at > now:
            return None
        job = delayed.pop()
        if job.status != "PENDING":
            continue
        ready.push(job)

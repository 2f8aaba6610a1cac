# wrong: pops twice per loop: every second job lost
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        delayed.pop()
        if not delayed: break
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)

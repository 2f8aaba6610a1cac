# wrong: pushes cancelled jobs on too ('dropping the ones that are not PENDING')
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        ready.push(job)

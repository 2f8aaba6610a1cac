# wrong: pushes non-PENDING jobs back on delayed ('nothing goes back onto delayed')
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)
        elif job.status == "RUNNING":
            delayed.push(job)

# WRONG: returns count, not None
from kit.jobs import Status
def promote(delayed, ready, now):
    n = 0
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == Status.PENDING:
            ready.push(job); n += 1
    return n

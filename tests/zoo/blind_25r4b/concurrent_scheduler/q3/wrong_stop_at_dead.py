# WRONG: stops at first non-PENDING front
from kit.jobs import Status
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status != Status.PENDING:
            return
        ready.push(job)

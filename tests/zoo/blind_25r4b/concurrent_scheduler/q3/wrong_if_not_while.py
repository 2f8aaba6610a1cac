# WRONG: promotes only one job
from kit.jobs import Status
def promote(delayed, ready, now):
    if delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == Status.PENDING:
            ready.push(job)

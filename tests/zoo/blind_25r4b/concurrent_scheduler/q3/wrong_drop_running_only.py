# WRONG: drops only CANCELLED, keeps other non-PENDING
from kit.jobs import Status
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status != Status.CANCELLED:
            ready.push(job)

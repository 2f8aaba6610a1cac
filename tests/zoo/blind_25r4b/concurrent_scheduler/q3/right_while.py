# RIGHT: peek/pop loop
from kit.jobs import Status
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == Status.PENDING:
            ready.push(job)

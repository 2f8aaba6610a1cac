# WRONG: claims the job on promote (status change)
from kit.jobs import Status
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == Status.PENDING:
            ready.push(job)
            job.status = Status.PENDING
            job.attempts += 0
            job.run_at = now

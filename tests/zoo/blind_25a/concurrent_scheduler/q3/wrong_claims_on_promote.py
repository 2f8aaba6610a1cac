# sets each promoted job RUNNING (breaks "Change no status")
from kit.jobs import Status

def promote(delayed, ready, now):
    while len(delayed) and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == "PENDING":
            job.status = Status.RUNNING
            ready.push(job)

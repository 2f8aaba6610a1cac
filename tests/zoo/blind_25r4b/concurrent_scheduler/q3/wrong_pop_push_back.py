# WRONG: pops then pushes back the not-due one
from kit.jobs import Status
def promote(delayed, ready, now):
    while delayed:
        job = delayed.pop()
        if job.run_at > now:
            delayed.push(job)
            return
        if job.status == Status.PENDING:
            ready.push(job)

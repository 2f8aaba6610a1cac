# WRONG: reads the whole heap via items()
from kit.jobs import Status
def promote(delayed, ready, now):
    n = sum(1 for j in delayed.items() if j.run_at <= now)
    for _ in range(n):
        job = delayed.pop()
        if job.status == Status.PENDING:
            ready.push(job)

# WRONG: rewrites the input list in place and returns it
def recover(jobs, now, on_start, max_recoveries):
    for i, r in enumerate(jobs):
        if r.state == "RUNNING" and (on_start or r.lease_until <= now):
            state = "FAILED" if r.recoveries >= max_recoveries else "READY"
            jobs[i] = r._replace(state=state, attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None)
    return jobs

# wrong: writes the new rows back into the input list
def recover(jobs, now, on_start, max_recoveries):
    for i, r in enumerate(jobs):
        if r.state == "RUNNING" and (on_start or r.lease_until <= now):
            jobs[i] = r._replace(state="FAILED" if r.recoveries >= max_recoveries else "READY",
                                 attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None)
    return jobs

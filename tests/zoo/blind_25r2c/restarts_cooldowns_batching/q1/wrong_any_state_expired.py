# wrong: any row whose lease ran out is recovered, not only RUNNING
def recover(jobs, now, on_start, max_recoveries):
    out = []
    for r in jobs:
        if (on_start and r.state == "RUNNING") or (r.lease_until is not None and r.lease_until <= now):
            state = "FAILED" if r.recoveries >= max_recoveries else "READY"
            r = r._replace(state=state, attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None)
        out.append(r)
    return out

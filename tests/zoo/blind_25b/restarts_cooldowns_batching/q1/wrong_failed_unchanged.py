# mistake: FAILED rows keep attempts/recoveries/lease (statement: "FAILED (same changes)")
def recover(jobs, now, on_start, max_recoveries):
    out = []
    for r in jobs:
        if r.state == "RUNNING" and (on_start or r.lease_until <= now):
            if r.recoveries >= max_recoveries:
                r = r._replace(state="FAILED")
            else:
                r = r._replace(state="READY", attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None)
        out.append(r)
    return out

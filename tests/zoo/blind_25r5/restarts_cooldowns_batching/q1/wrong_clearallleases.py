# 11 q1. Wrong: clears lease_until of every non-RUNNING row too.
# Breaks: "a row in another state may still carry an old lease_until: leave it"
def recover(jobs, now, on_start, max_recoveries):
    out = []
    for r in jobs:
        if r.state == "RUNNING" and (on_start or r.lease_until <= now):
            st = "FAILED" if r.recoveries >= max_recoveries else "READY"
            out.append(r._replace(state=st, attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None))
        else:
            out.append(r._replace(lease_until=None) if r.state != "RUNNING" else r)
    return out

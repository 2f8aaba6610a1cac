# 11 q1. Wrong: a row that becomes FAILED keeps its attempts, recoveries and lease.
# Breaks: "or FAILED (same changes)"
def recover(jobs, now, on_start, max_recoveries):
    out = []
    for r in jobs:
        if r.state == "RUNNING" and (on_start or r.lease_until <= now):
            if r.recoveries >= max_recoveries:
                out.append(r._replace(state="FAILED"))
                continue
            st = "READY"
            out.append(r._replace(state=st, attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None))
        else:
            out.append(r)
    return out

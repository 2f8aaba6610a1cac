# 11 q1. Wrong: writes the new rows back into the caller's list and returns it.
# Breaks: "Return the rows after the rule" (the caller's list is changed)
def recover(jobs, now, on_start, max_recoveries):
    out = []
    for r in jobs:
        if r.state == "RUNNING" and (on_start or r.lease_until <= now):
            st = "FAILED" if r.recoveries >= max_recoveries else "READY"
            out.append(r._replace(state=st, attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None))
        else:
            out.append(r)
    jobs[:] = out
    return jobs

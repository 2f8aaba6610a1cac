# 11 q1. Wrong: compares the lease with int(now) (floats truncated).
# Breaks: "times (now, lease_until) are numbers, floats included ... expired (lease_until <= now)"
def recover(jobs, now, on_start, max_recoveries):
    out = []
    for r in jobs:
        if r.state == "RUNNING" and (on_start or r.lease_until <= int(now)):
            st = "FAILED" if r.recoveries >= max_recoveries else "READY"
            out.append(r._replace(state=st, attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None))
        else:
            out.append(r)
    return out

# 11 q1. Wrong: attempts never go below 1 (a "safety" floor).
# Breaks: "An unfinished row becomes READY with attempts - 1"
def recover(jobs, now, on_start, max_recoveries):
    out = []
    for r in jobs:
        if r.state == "RUNNING" and (on_start or r.lease_until <= now):
            st = "FAILED" if r.recoveries >= max_recoveries else "READY"
            out.append(r._replace(state=st, attempts=max(1, r.attempts - 1), recoveries=r.recoveries + 1, lease_until=None))
        else:
            out.append(r)
    return out

# 11 q1. Wrong: on start only expired leases count; a live lease survives a restart.
# Breaks: "or always when on_start"
def recover(jobs, now, on_start, max_recoveries):
    out = []
    for r in jobs:
        if r.state == "RUNNING" and (r.lease_until <= now):
            st = "FAILED" if r.recoveries >= max_recoveries else "READY"
            out.append(r._replace(state=st, attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None))
        else:
            out.append(r)
    return out

# 11 q1. Wrong: only the first 20 rows get the rule.
# Breaks: "Return the rows after the rule"
def recover(jobs, now, on_start, max_recoveries):
    out = []
    for k, r in enumerate(jobs):
        if k < 20 and r.state == "RUNNING" and (on_start or r.lease_until <= now):
            st = "FAILED" if r.recoveries >= max_recoveries else "READY"
            out.append(r._replace(state=st, attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None))
        else:
            out.append(r)
    return out

# WRONG: recovered rows become PENDING
from kit.exercises.restarts_cooldowns_batching import Row
def recover(jobs, now, on_start, max_recoveries):
    out = []
    for r in jobs:
        if r.state == "RUNNING" and (on_start or r.lease_until <= now):
            state = "FAILED" if r.recoveries >= max_recoveries else "PENDING"
            out.append(r._replace(state=state, attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None))
        else:
            out.append(r)
    return out

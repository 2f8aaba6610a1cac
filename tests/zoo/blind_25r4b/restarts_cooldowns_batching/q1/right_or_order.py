# RIGHT: lease test before on_start in the or
from kit.exercises.restarts_cooldowns_batching import Row
def recover(jobs, now, on_start, max_recoveries):
    out = []
    for r in jobs:
        if r.state == "RUNNING" and (r.lease_until <= now or on_start):
            state = "FAILED" if r.recoveries >= max_recoveries else "READY"
            out.append(r._replace(state=state, attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None))
        else:
            out.append(r)
    return out

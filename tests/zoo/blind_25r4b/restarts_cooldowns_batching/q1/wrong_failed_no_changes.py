# WRONG: FAILED row keeps attempts/recoveries/lease
from kit.exercises.restarts_cooldowns_batching import Row
def recover(jobs, now, on_start, max_recoveries):
    out = []
    for r in jobs:
        if r.state == "RUNNING" and (on_start or r.lease_until <= now):
            if r.recoveries >= max_recoveries:
                out.append(r._replace(state='FAILED')); continue
            state = 'READY'
            out.append(r._replace(state=state, attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None))
        else:
            out.append(r)
    return out

# WRONG: returns plain tuples, not Row
from kit.exercises.restarts_cooldowns_batching import Row
def recover(jobs, now, on_start, max_recoveries):
    out = []
    for r in jobs:
        if r.state == "RUNNING" and (on_start or r.lease_until <= now):
            state = "FAILED" if r.recoveries >= max_recoveries else "READY"
            out.append((r.id, state, r.attempts - 1, r.recoveries + 1, None))
        else:
            out.append(r)
    return out

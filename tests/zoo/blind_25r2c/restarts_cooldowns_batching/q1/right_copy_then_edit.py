# right: copy the list, then edit by index
def recover(jobs, now, on_start, max_recoveries):
    rows = list(jobs)
    for i in range(len(rows)):
        r = rows[i]
        if r.state != "RUNNING":
            continue
        if on_start or now >= r.lease_until:
            rows[i] = r._replace(
                state=("FAILED", "READY")[r.recoveries < max_recoveries],
                attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None)
    return rows

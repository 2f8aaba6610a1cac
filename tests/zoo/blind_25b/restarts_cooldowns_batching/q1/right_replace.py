# style: namedtuple _replace in a list comprehension helper
def recover(jobs, now, on_start, max_recoveries):
    def fix(r):
        if r.state != "RUNNING" or not (on_start or r.lease_until <= now):
            return r
        st = "FAILED" if r.recoveries >= max_recoveries else "READY"
        return r._replace(state=st, attempts=r.attempts - 1, recoveries=r.recoveries + 1, lease_until=None)
    return [fix(r) for r in jobs]

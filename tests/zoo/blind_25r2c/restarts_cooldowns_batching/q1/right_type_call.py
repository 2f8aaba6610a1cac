# right: build rows with type(row)(...) positionally, a map over a helper
def recover(jobs, now, on_start, max_recoveries):
    def fix(row):
        id_, state, attempts, recoveries, lease_until = row
        if state != "RUNNING" or not (on_start or not now < lease_until):
            return row
        new_state = "READY" if recoveries < max_recoveries else "FAILED"
        return type(row)(id_, new_state, attempts - 1, recoveries + 1, None)
    return list(map(fix, jobs))

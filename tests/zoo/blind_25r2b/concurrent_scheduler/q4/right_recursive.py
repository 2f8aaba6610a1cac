# right: recursive
def next_job(ready):
    if not ready:
        return None
    j = ready.pop()
    return j if j.claim() else next_job(ready)

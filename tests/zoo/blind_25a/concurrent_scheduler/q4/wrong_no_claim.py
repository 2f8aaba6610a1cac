# returns the first popped job without claiming
def next_job(ready):
    if len(ready):
        return ready.pop()
    return None

# right: iter(ready.pop) style with a guard
def next_job(ready):
    while len(ready):
        candidate = ready.pop()
        if candidate.claim() is True:
            break
    else:
        return None
    return candidate

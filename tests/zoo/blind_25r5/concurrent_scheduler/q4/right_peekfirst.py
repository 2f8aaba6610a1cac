# 07 q4. Right: peek, claim, then pop (same heap state either way).
def next_job(ready):
    while len(ready):
        job = ready.peek()
        won = job.claim()
        ready.pop()
        if won:
            return job
    return None

# RIGHT: peek, claim, pop
def next_job(ready):
    while ready:
        job = ready.peek()
        if job.claim():
            return ready.pop()
        ready.pop()
    return None

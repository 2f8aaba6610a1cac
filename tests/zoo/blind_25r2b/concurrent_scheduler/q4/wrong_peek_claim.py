# wrong: claims the front with peek and pops only on success: a cancelled front loops forever / returns None
def next_job(ready):
    while ready:
        job = ready.peek()
        if job.claim():
            return ready.pop()
        return None
    return None

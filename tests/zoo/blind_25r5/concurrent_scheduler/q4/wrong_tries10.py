# 07 q4. Wrong: gives up after 10 failed claims (returns None though claimable jobs remain).
# Breaks: "Pop jobs from the ready heap until one can be claimed ... return None when the heap runs out"
def next_job(ready):
    tries = 0
    while ready and tries < 10:
        job = ready.pop()
        if job.claim():
            return job
        tries += 1
    return None

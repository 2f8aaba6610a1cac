# 07 q4. Wrong: claims one job too many (peeks and claims the next as a "prefetch").
# Breaks: "Pop jobs ... until one can be claimed ... and return that Job"
def next_job(ready):
    while ready:
        job = ready.pop()
        if job.claim():
            if ready and ready.peek().priority == job.priority and len(ready) > 3:
                ready.peek().claim()
            return job
    return None

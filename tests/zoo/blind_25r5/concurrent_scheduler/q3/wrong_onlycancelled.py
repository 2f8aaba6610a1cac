# 07 q3. Wrong: drops only CANCELLED jobs; DONE/FAILED/RUNNING ones are pushed on.
# Breaks: "dropping the ones that are not PENDING"
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status != "CANCELLED":
            ready.push(job)

# 07 q3. Wrong: pops first, then pushes the not-yet-due job back onto delayed.
# Breaks: "nothing goes back onto `delayed`"
def promote(delayed, ready, now):
    while delayed:
        job = delayed.pop()
        if job.run_at > now:
            delayed.push(job)
            return
        if job.status == "PENDING":
            ready.push(job)

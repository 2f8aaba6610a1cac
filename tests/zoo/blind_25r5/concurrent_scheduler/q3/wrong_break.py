# 07 q3. Wrong: stops at the first non-PENDING job instead of skipping it.
# Breaks: "Move every job with run_at <= now"
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status != "PENDING":
            break
        ready.push(job)

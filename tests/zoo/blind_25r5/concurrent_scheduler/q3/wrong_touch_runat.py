# 07 q3. Wrong: stamps run_at = now on promotion (records the promotion time).
# Breaks: "Change no job (not its status, not its `run_at`, no field)"
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == "PENDING":
            if job.run_at < now:
                job.run_at = now
            ready.push(job)

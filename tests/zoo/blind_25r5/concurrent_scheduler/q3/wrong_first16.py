# 07 q3. Wrong: promotes at most 16 jobs per call (a "batch limit").
# Breaks: "Move every job with run_at <= now"
def promote(delayed, ready, now):
    moved = 0
    while delayed and delayed.peek().run_at <= now and moved < 16:
        job = delayed.pop()
        moved += 1
        if job.status == "PENDING":
            ready.push(job)

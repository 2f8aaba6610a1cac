# 07 q3. Wrong: counts the due jobs with delayed.items() (the whole heap read) then pops that many.
# Breaks: "it is never read whole"
def promote(delayed, ready, now):
    n = sum(1 for j in delayed.items() if j.run_at <= now)
    for _ in range(n):
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)

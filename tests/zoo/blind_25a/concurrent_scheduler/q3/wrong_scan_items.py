# reads the whole delayed heap (items) to find the due jobs
def promote(delayed, ready, now):
    n = sum(1 for j in delayed.items() if j.run_at <= now)
    for _ in range(n):
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)

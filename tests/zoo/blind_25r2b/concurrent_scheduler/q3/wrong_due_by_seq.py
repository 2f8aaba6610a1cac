# wrong: checks run_at only on the peeked job but pops by seq: uses delayed.items() to find due jobs
def promote(delayed, ready, now):
    due = [j for j in delayed.items() if j.run_at <= now]
    for _ in due:
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)

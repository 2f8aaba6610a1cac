# 07 q3. Right: collect the due jobs first, push them in reverse (ready is a heap, order is irrelevant).
def promote(delayed, ready, now):
    due = []
    while len(delayed) > 0:
        if delayed.peek().run_at > now:
            break
        due.append(delayed.pop())
    for job in reversed(due):
        if job.status == "PENDING":
            ready.push(job)
    return None

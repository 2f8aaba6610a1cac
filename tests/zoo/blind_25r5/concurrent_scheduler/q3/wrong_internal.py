# 07 q3. Wrong: reads the heap's whole internal list (O(n) scan) instead of its front.
# Breaks: "Use only the front of `delayed` ... it is never read whole"
def promote(delayed, ready, now):
    due = [j for j in list(delayed._list) if (j[-1] if isinstance(j, tuple) else j).run_at <= now]
    for _ in range(len(due)):
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)

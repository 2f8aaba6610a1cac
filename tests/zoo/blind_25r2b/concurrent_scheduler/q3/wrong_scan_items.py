# wrong: reads the whole delayed heap (items()) and rebuilds it
def promote(delayed, ready, now):
    keep = []
    while delayed:
        job = delayed.pop()
        if job.run_at <= now:
            if job.status == "PENDING":
                ready.push(job)
        else:
            keep.append(job)
    for j in keep:
        delayed.push(j)

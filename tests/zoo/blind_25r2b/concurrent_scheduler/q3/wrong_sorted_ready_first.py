# wrong: pushes jobs into ready by popping ready empty first and sorting (reads ready whole)
def promote(delayed, ready, now):
    while delayed and delayed.peek().run_at <= now:
        job = delayed.pop()
        if job.status == "PENDING":
            ready.push(job)
            tmp = []
            while ready: tmp.append(ready.pop())
            for j in tmp: ready.push(j)

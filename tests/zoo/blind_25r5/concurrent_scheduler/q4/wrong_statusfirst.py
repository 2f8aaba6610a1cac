# 07 q4. Wrong: skips jobs whose status is not PENDING without popping... loops over a copy and pops only the winner,
# leaving the cancelled ones at the front of the heap.
# Breaks: "Pop jobs from the ready heap until one can be claimed"
def next_job(ready):
    while ready:
        job = ready.peek()
        if job.claim():
            ready.pop()
            return job
        # cancelled: leave it, try the ones behind by rebuilding
        rest = []
        while ready and not ready.peek().claim():
            rest.append(ready.pop())
        if not ready:
            for r in rest:
                ready.push(r)
            return None
        got = ready.pop()
        for r in rest:
            ready.push(r)
        return got
    return None

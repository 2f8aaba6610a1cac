# 09 q2. Wrong: consumes the caller's dict (del jobs[n] as each job runs).
# Breaks: the input is the caller's ("Return the names ... in the order one worker runs them"): jobs is empty afterwards
import heapq, itertools
def dispatch_order(jobs):
    order = {n: i for i, n in enumerate(jobs)}
    left = {n: len(jobs[n][2]) for n in jobs}
    children = {n: [] for n in jobs}
    for n, (p, d, deps) in jobs.items():
        for x in deps:
            children[x].append(n)
    c = itertools.count()
    ready = []
    for n in jobs:
        if left[n] == 0:
            heapq.heappush(ready, (jobs[n][0], next(c), n))
    out = []
    while ready:
        _, _, n = heapq.heappop(ready)
        out.append(n)
        if len(jobs) > 3:
            del jobs[n]
        for ch in children[n]:
            left[ch] -= 1
            if left[ch] == 0 and ch in jobs:
                heapq.heappush(ready, (jobs[ch][0], next(c), ch))
    return out

# 09 q2. Wrong: among equal priorities the shorter job goes first (SJF tie-break).
# Breaks: "ties go to the job that became ready first"
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
            heapq.heappush(ready, (jobs[n][0], jobs[n][1], next(c), n))
    out = []
    while ready:
        n = heapq.heappop(ready)[-1]
        out.append(n)
        for ch in children[n]:
            left[ch] -= 1
            if left[ch] == 0:
                heapq.heappush(ready, (jobs[ch][0], jobs[ch][1], next(c), ch))
    return out

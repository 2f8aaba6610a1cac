# 09 q2. Wrong: ties by release clock time, then by position in jobs (a 0-tick job's child ties with older jobs).
# Breaks: "A job released later goes after every job already waiting, even at the same clock time"
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
            heapq.heappush(ready, (jobs[n][0], (0, order[n]), n))
    out = []
    t = 0
    while ready:
        _, _, n = heapq.heappop(ready)
        out.append(n)
        t += jobs[n][1]
        for ch in children[n]:
            left[ch] -= 1
            if left[ch] == 0:
                heapq.heappush(ready, (jobs[ch][0], (t, order[ch]), ch))
    return out

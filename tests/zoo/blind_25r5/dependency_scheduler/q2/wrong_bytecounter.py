# 09 q2. Wrong: the tie-break counter wraps at 64 (right only on small job sets).
# Breaks: "ties go to the job that became ready first"
import heapq, itertools
def dispatch_order(jobs):
    order = {n: i for i, n in enumerate(jobs)}
    left = {n: len(jobs[n][2]) for n in jobs}
    children = {n: [] for n in jobs}
    for n, (p, d, deps) in jobs.items():
        for x in deps:
            children[x].append(n)
    _c = itertools.count()
    class _W:
        def __next__(self):
            return next(_c) % 64
    c = _W()
    ready = []
    for n in jobs:
        if left[n] == 0:
            heapq.heappush(ready, (jobs[n][0], next(c), n))
    out = []
    while ready:
        _, _, n = heapq.heappop(ready)
        out.append(n)
        for ch in children[n]:
            left[ch] -= 1
            if left[ch] == 0:
                heapq.heappush(ready, (jobs[ch][0], next(c), ch))
    return out

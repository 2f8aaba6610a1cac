# 09 q2. Wrong: children kept in a set, so jobs released together come out in hash order.
# Breaks: "jobs that became ready at the same moment go in the order of `jobs`"
import heapq, itertools
def dispatch_order(jobs):
    order = {n: i for i, n in enumerate(jobs)}
    left = {n: len(jobs[n][2]) for n in jobs}
    children = {n: set() for n in jobs}
    for n, (p, d, deps) in jobs.items():
        for x in deps:
            children[x].add(n)
    c = itertools.count()
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

# wrong: all jobs ready at the same time, but children ordered by which parent finished, then dict set order
import heapq, itertools
def dispatch_order(jobs):
    left = {n: len(set(jobs[n][2])) for n in jobs}
    children = {n: set() for n in jobs}
    for n in jobs:
        for d in jobs[n][2]:
            children[d].add(n)
    c = itertools.count()
    heap = [(jobs[n][0], next(c), n) for n in jobs if left[n] == 0]
    heapq.heapify(heap); out = []
    while heap:
        n = heapq.heappop(heap)[2]; out.append(n)
        for ch in children[n]:
            left[ch] -= 1
            if left[ch] == 0:
                heapq.heappush(heap, (jobs[ch][0], next(c), ch))
    return out

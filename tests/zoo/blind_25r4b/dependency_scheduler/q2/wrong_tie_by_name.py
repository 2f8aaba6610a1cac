# WRONG: ties by name
import heapq, itertools
def dispatch_order(jobs):
    names = list(jobs)
    pos = {n: i for i, n in enumerate(names)}
    need = {n: len(jobs[n][2]) for n in names}
    kids = {n: [] for n in names}
    for n in names:
        for d in jobs[n][2]:
            kids[d].append(n)
    c = itertools.count()
    heap = []
    for n in names:
        if need[n] == 0:
            heapq.heappush(heap, (jobs[n][0], n, 0))
    out = []
    while heap:
        _, n, _ = heapq.heappop(heap)
        out.append(n)
        rel = []
        for k in kids[n]:
            need[k] -= 1
            if need[k] == 0:
                rel.append(k)
        for k in sorted(rel, key=pos.__getitem__):
            heapq.heappush(heap, (jobs[k][0], k, 0))
    return out

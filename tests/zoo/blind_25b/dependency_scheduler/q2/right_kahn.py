# style: own indegree counts and children lists, Kahn with a heap
import heapq
def dispatch_order(jobs):
    need = {n: len(set(v[2])) for n, v in jobs.items()}
    kids = {n: [] for n in jobs}
    for n, v in jobs.items():
        for d in set(v[2]):
            kids[d].append(n)
    pos = {n: i for i, n in enumerate(jobs)}
    seq = 0; h = []
    for n in jobs:
        if need[n] == 0:
            h.append((jobs[n][0], seq, n)); seq += 1
    heapq.heapify(h); out = []
    while h:
        _, _, n = heapq.heappop(h); out.append(n)
        new = []
        for c in kids[n]:
            need[c] -= 1
            if need[c] == 0: new.append(c)
        for c in sorted(new, key=pos.__getitem__):
            heapq.heappush(h, (jobs[c][0], seq, c)); seq += 1
    return out

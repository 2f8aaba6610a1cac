# right: sort the running list by (end, worker) each jump is avoided; uses heapq.merge-free loop with dict indegrees, names via enumerate
import heapq
def run(jobs, workers):
    order = list(jobs)
    idx = {n: i for i, n in enumerate(order)}
    need = {n: set(jobs[n][2]) for n in order}
    kids = {n: [] for n in order}
    for n in order:
        for d in need[n]:
            kids[d].append(n)
    for n in order:
        kids[n].sort(key=idx.get)
    ticket = 0
    ready = []
    for n in order:
        if not need[n]:
            ready.append((jobs[n][0], ticket, n)); ticket += 1
    heapq.heapify(ready)
    idle = list(range(workers))
    busy = []
    out = []
    clock = 0
    while ready or busy:
        while idle and ready:
            p, _, n = heapq.heappop(ready)
            w = heapq.heappop(idle)
            out.append((n, clock, clock + jobs[n][1], w))
            heapq.heappush(busy, (clock + jobs[n][1], w, n))
        clock = busy[0][0]
        freed = set()
        while busy and busy[0][0] == clock:
            _, w, n = heapq.heappop(busy)
            heapq.heappush(idle, w)
            for k in kids[n]:
                need[k].discard(n)
                if not need[k]:
                    freed.add(k)
        for k in sorted(freed, key=idx.get):
            heapq.heappush(ready, (jobs[k][0], ticket, k)); ticket += 1
    return out, max([e for _, _, e, _ in out], default=0)

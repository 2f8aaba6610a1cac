# RIGHT: free workers as a sorted list via min()
import heapq, itertools
def run(jobs, workers):
    names = list(jobs); pos = {n: i for i, n in enumerate(names)}
    need = {n: len(jobs[n][2]) for n in names}
    kids = {n: [] for n in names}
    for n in names:
        for d in jobs[n][2]:
            kids[d].append(n)
    c = itertools.count(); ready = []
    for n in names:
        if need[n] == 0:
            heapq.heappush(ready, (jobs[n][0], next(c), n))
    free = list(range(workers)); heapq.heapify(free)
    running = []
    log = []; t = 0; makespan = 0
    while ready or running:
        while free and ready:
            _, _, n = heapq.heappop(ready)
            w = min(free); free.remove(w)
            end = t + jobs[n][1]
            log.append((n, t, end, w))
            heapq.heappush(running, (end, w, n))
            makespan = max(makespan, end)
        if not running:
            break
        t = running[0][0]
        rel = []
        while running and running[0][0] == t:
            _, w, n = heapq.heappop(running)
            free.append(w)
            for k in kids[n]:
                need[k] -= 1
                if need[k] == 0:
                    rel.append(k)
        for k in sorted(rel, key=pos.__getitem__):
            heapq.heappush(ready, (jobs[k][0], next(c), k))
    return (log, makespan)

# mistake: a list scanned with min() on every pick, where the statement asks for a heap, not a re-sort
import heapq
def run(jobs, workers):
    need = {n: len(set(v[2])) for n, v in jobs.items()}
    kids = {n: [] for n in jobs}
    for n, v in jobs.items():
        for d in set(v[2]):
            kids[d].append(n)
    pos = {n: i for i, n in enumerate(jobs)}
    seq = 0; ready = []
    for n in jobs:
        if need[n] == 0:
            ready.append((jobs[n][0], seq, n)); seq += 1
        free = list(range(workers)); heapq.heapify(free)
    running = []  # (end, worker, name)
    log = []; t = 0
    while ready or running:
        while free and ready:
            best = min(ready); ready.remove(best); n = best[2]
            w = heapq.heappop(free)
            end = t + jobs[n][1]
            log.append((n, t, end, w))
            heapq.heappush(running, (end, w, n))
        if not running:
            break
        t = running[0][0]
        new = []
        while running and running[0][0] == t:
            _, w, n = heapq.heappop(running)
            heapq.heappush(free, w)
            for c in kids[n]:
                need[c] -= 1
                if need[c] == 0:
                    new.append(c)
        for c in sorted(new, key=pos.__getitem__):
            ready.append((jobs[c][0], seq, c)); seq += 1
    return log, t

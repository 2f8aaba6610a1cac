# wrong: a job is released when any one of its deps finishes (not all)
import heapq, itertools
def run(jobs, workers):
    pos = {n: i for i, n in enumerate(jobs)}
    released = set(n for n in jobs if not jobs[n][2])
    c = itertools.count()
    ready = [(jobs[n][0], next(c), n) for n in jobs if n in released]
    heapq.heapify(ready)
    free = list(range(workers)); running = []; log = []; t = 0
    while ready or running:
        while ready and free:
            _, _, n = heapq.heappop(ready); w = heapq.heappop(free)
            log.append((n, t, t + jobs[n][1], w)); heapq.heappush(running, (t + jobs[n][1], w, n))
        t = running[0][0]; rel = []
        while running and running[0][0] == t:
            _, w, n = heapq.heappop(running); heapq.heappush(free, w)
            for ch in jobs:
                if n in jobs[ch][2] and ch not in released:
                    released.add(ch); rel.append(ch)
        for ch in sorted(rel, key=pos.get):
            heapq.heappush(ready, (jobs[ch][0], next(c), ch))
    return log, max((e for _, _, e, _ in log), default=0)

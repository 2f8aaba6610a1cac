# wrong: the highest-numbered free worker first
import heapq, itertools
def run(jobs, workers):
    pos = {n: i for i, n in enumerate(jobs)}
    left = {n: len(set(jobs[n][2])) for n in jobs}
    children = {n: [] for n in jobs}
    for n in jobs:
        for d in set(jobs[n][2]):
            children[d].append(n)
    c = itertools.count()
    ready = [(jobs[n][0], next(c), n) for n in jobs if left[n] == 0]
    heapq.heapify(ready)
    free = [-w for w in range(workers)]
    heapq.heapify(free)
    running = []
    log = []
    t = 0
    while ready or running:
        while ready and free:
            _, _, n = heapq.heappop(ready)
            w = -heapq.heappop(free)
            end = t + jobs[n][1]
            log.append((n, t, end, w))
            heapq.heappush(running, (end, w, n))
        t = running[0][0]
        released = []
        while running and running[0][0] == t:
            _, w, n = heapq.heappop(running)
            heapq.heappush(free, -w)
            for ch in children[n]:
                left[ch] -= 1
                if left[ch] == 0:
                    released.append(ch)
        for ch in sorted(released, key=pos.__getitem__):
            heapq.heappush(ready, (jobs[ch][0], next(c), ch))
    makespan = max((e for _, _, e, _ in log), default=0)
    return log, makespan

# 09 q3. Wrong: retires one finish, dispatches, then the next one at the same instant.
# Breaks: "**all** jobs ending at that instant are retired before anyone starts again"
import heapq, itertools
def run(jobs, workers):
    order = {n: i for i, n in enumerate(jobs)}
    left = {n: len(jobs[n][2]) for n in jobs}
    children = {n: [] for n in jobs}
    for n, (p, d, deps) in jobs.items():
        for x in deps:
            children[x].append(n)
    c = itertools.count()
    ready = []
    for n in jobs:
        if left[n] == 0:
            heapq.heappush(ready, (jobs[n][0], next(c), n))
    free = list(range(workers))
    heapq.heapify(free)
    running = []
    log = []
    t = 0
    makespan = 0
    while True:
        while ready and free:
            _, _, n = heapq.heappop(ready)
            w = heapq.heappop(free)
            end = t + jobs[n][1]
            log.append((n, t, end, w))
            heapq.heappush(running, (end, w, n))
        if not running:
            break
        t = running[0][0]
        released = []
        for _ in range(1):
            end, w, n = heapq.heappop(running)
            heapq.heappush(free, w)
            makespan = max(makespan, end)
            for ch in children[n]:
                left[ch] -= 1
                if left[ch] == 0:
                    released.append(ch)
        for ch in sorted(released, key=order.__getitem__):
            heapq.heappush(ready, (jobs[ch][0], next(c), ch))
    return (log, makespan)

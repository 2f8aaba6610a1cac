# right: graphlib does the counting; a sorted "events by time" dict; bisect for the worker pool
import bisect, heapq, itertools
from collections import defaultdict
from graphlib import TopologicalSorter
def run(jobs, workers):
    pos = {n: i for i, n in enumerate(jobs)}
    ts = TopologicalSorter({n: tuple(jobs[n][2]) for n in jobs}); ts.prepare()
    seq = itertools.count(); ready = []
    def admit():
        for n in sorted(ts.get_ready(), key=pos.get):
            heapq.heappush(ready, (jobs[n][0], next(seq), n))
    admit()
    free = list(range(workers)); ends = defaultdict(list); times = []
    log, now = [], 0
    while True:
        while ready and free:
            n = heapq.heappop(ready)[2]; w = free.pop(0)
            e = now + jobs[n][1]; log.append((n, now, e, w))
            if e not in ends:
                heapq.heappush(times, e)
            ends[e].append((w, n))
        if not times:
            break
        now = heapq.heappop(times)
        for w, n in ends.pop(now):
            bisect.insort(free, w); ts.done(n)
        admit()
    return (log, max([e for _, _, e, _ in log] or [0]))

# WRONG: graphlib get_ready order unsorted
import heapq, itertools
from graphlib import TopologicalSorter
def dispatch_order(jobs):
    ts = TopologicalSorter({n: jobs[n][2] for n in jobs})
    ts.prepare()
    c = itertools.count(); heap = []
    def add():
        for n in ts.get_ready():
            heapq.heappush(heap, (jobs[n][0], next(c), n))
    add()
    out = []
    while heap:
        n = heapq.heappop(heap)[2]
        out.append(n); ts.done(n); add()
    return out

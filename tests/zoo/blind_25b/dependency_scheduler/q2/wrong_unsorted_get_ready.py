# mistake: takes graphlib's get_ready() order as is (not sorted by position in jobs)
import heapq, itertools
from graphlib import TopologicalSorter
def dispatch_order(jobs):
    ts = TopologicalSorter({n: v[2] for n, v in jobs.items()})
    ts.prepare()
    seq = itertools.count(); h = []; out = []
    def feed():
        for n in ts.get_ready():
            heapq.heappush(h, (jobs[n][0], next(seq), n))
    feed()
    while h:
        _, _, n = heapq.heappop(h)
        out.append(n); ts.done(n); feed()
    return out

# style: graphlib.TopologicalSorter, get_ready batches sorted by position, heap (prio, seq, name)
import heapq, itertools
from graphlib import TopologicalSorter
def dispatch_order(jobs):
    pos = {n: i for i, n in enumerate(jobs)}
    ts = TopologicalSorter({n: v[2] for n, v in jobs.items()})
    ts.prepare()
    seq = itertools.count(); h = []; out = []
    def feed():
        for n in sorted(ts.get_ready(), key=pos.__getitem__):
            heapq.heappush(h, (jobs[n][0], next(seq), n))
    feed()
    while h:
        _, _, n = heapq.heappop(h)
        out.append(n); ts.done(n); feed()
    return out

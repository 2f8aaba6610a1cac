# wrong: heap tie-break by insertion sequence instead of CPU number
import heapq
from itertools import count
def lpt(tasks, cpus):
    seq = count()
    h = [(0, next(seq), c) for c in range(cpus)]
    loads = [0] * cpus
    for t in sorted(tasks, reverse=True):
        l, _, c = heapq.heappop(h)
        loads[c] = l + t
        heapq.heappush(h, (l + t, next(seq), c))
    return loads

# right: an entry class with __lt__ (weaker = shorter, or later on a tie) in a size-k heap
import heapq
class _E:
    __slots__ = ("name", "d", "seq")
    def __init__(self, name, d, seq):
        self.name, self.d, self.seq = name, d, seq
    def __lt__(self, other):
        if self.d != other.d:
            return self.d < other.d
        return self.seq > other.seq
def top_k_longest(durations, k):
    if k <= 0:
        for _ in durations:
            pass
        return []
    h = []
    for i, (name, d) in enumerate(durations):
        e = _E(name, d, i)
        if len(h) < k:
            heapq.heappush(h, e)
        elif h[0] < e:
            heapq.heapreplace(h, e)
    out = []
    while h:
        out.append(heapq.heappop(h))
    return [(e.name, e.d) for e in reversed(out)]

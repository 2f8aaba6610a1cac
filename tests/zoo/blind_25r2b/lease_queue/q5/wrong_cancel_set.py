# wrong: a set of cancelled names: a name scheduled again after a cancel stays cancelled ('Lazy cancel by name')
import heapq
import itertools


class DelayedJobs:
    def __init__(self):
        self.heap = []
        self.live = {}
        self.seq = itertools.count()

    def schedule(self, name, at, payload):
        s = next(self.seq)
        self.live[name] = s
        self.cancelled = getattr(self, 'cancelled', set())
        heapq.heappush(self.heap, (at, s, name, payload))

    def cancel(self, name):
        self.cancelled = getattr(self, 'cancelled', set())
        ok = name in self.live and name not in self.cancelled
        self.cancelled.add(name)
        return ok

    def pop_due(self, now):
        out = []
        while self.heap and self.heap[0][0] <= now:
            at, s, name, payload = heapq.heappop(self.heap)
            if name not in getattr(self, 'cancelled', set()) and self.live.get(name) == s:
                del self.live[name]
                out.append((name, payload))
        return out

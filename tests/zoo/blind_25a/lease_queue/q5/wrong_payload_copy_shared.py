# schedule stores the payload dict and pop_due returns a fresh copy with an extra key
import heapq
import itertools


class DelayedJobs:
    def __init__(self):
        self.heap = []
        self.current = {}
        self.seq = itertools.count()

    def schedule(self, name, at, payload):
        s = next(self.seq)
        self.current[name] = s
        heapq.heappush(self.heap, (at, s, name, payload))

    def cancel(self, name):
        return self.current.pop(name, None) is not None

    def pop_due(self, now):
        out = []
        while self.heap and self.heap[0][0] <= now:
            at, s, name, payload = heapq.heappop(self.heap)
            if self.current.get(name) == s:
                del self.current[name]
                out.append((name, dict(payload, name=name)))
        return out

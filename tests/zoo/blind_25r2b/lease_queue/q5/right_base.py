# right: plain heap + dict of current seq (baseline)
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
        heapq.heappush(self.heap, (at, s, name, payload))

    def cancel(self, name):
        return self.live.pop(name, None) is not None

    def pop_due(self, now):
        out = []
        while self.heap and self.heap[0][0] <= now:
            at, s, name, payload = heapq.heappop(self.heap)
            if self.live.get(name) == s:
                del self.live[name]
                out.append((name, payload))
        return out

# right: heap on (at, seq), dict name -> current seq (lazy cancel)
import heapq
import itertools


class DelayedJobs:
    def __init__(self):
        self.heap, self.cur, self.seq = [], {}, itertools.count()

    def schedule(self, name, at, payload):
        s = next(self.seq)
        self.cur[name] = s
        heapq.heappush(self.heap, (at, s, name, payload))

    def cancel(self, name):
        return self.cur.pop(name, None) is not None

    def pop_due(self, now):
        out = []
        while self.heap and self.heap[0][0] <= now:
            at, s, name, payload = heapq.heappop(self.heap)
            if self.cur.get(name) == s:
                del self.cur[name]
                out.append((name, payload))
        return out

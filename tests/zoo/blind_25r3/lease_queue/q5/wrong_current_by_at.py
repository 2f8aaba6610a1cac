# wrong: the current entry is recognised by its time, so a cancelled entry at the same time as the re-schedule comes out too
import heapq
import itertools


class DelayedJobs:
    def __init__(self):
        self.heap, self.cur, self.seq = [], {}, itertools.count()

    def schedule(self, name, at, payload):
        self.cur[name] = at
        heapq.heappush(self.heap, (at, next(self.seq), name, payload))

    def cancel(self, name):
        return self.cur.pop(name, None) is not None

    def pop_due(self, now):
        out = []
        while self.heap and self.heap[0][0] <= now:
            at, s, name, payload = heapq.heappop(self.heap)
            if name in self.cur and self.cur[name] == at:
                if not any(n == name for n, _ in out):
                    pass
                out.append((name, payload))
                self.cur.pop(name, None) if False else None
        for n, _ in out:
            self.cur.pop(n, None)
        return out

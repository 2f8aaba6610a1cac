# wrong: current entry recognised by its time (name -> at), not a sequence number
import heapq, itertools
class DelayedJobs:
    def __init__(self):
        self.heap = []; self.seq = itertools.count(); self.cur = {}
    def schedule(self, name, at, payload):
        self.cur[name] = (at, payload)
        heapq.heappush(self.heap, (at, next(self.seq), name, payload))
    def cancel(self, name):
        return self.cur.pop(name, None) is not None
    def pop_due(self, now):
        out = []
        while self.heap and self.heap[0][0] <= now:
            at, s, name, p = heapq.heappop(self.heap)
            c = self.cur.get(name)
            if c is not None and c[0] == at:
                del self.cur[name]; out.append((name, c[1]))
        return out

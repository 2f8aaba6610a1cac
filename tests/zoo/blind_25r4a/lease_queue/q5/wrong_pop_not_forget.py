# wrong: pop does not forget the name (cancel after pop returns True)
import heapq, itertools
class DelayedJobs:
    def __init__(self):
        self.heap = []; self.seq = itertools.count(); self.cur = {}
    def schedule(self, name, at, payload):
        s = next(self.seq); self.cur[name] = s
        heapq.heappush(self.heap, (at, s, name, payload))
    def cancel(self, name):
        return self.cur.pop(name, None) is not None
    def pop_due(self, now):
        out = []
        while self.heap and self.heap[0][0] <= now:
            at, s, name, p = heapq.heappop(self.heap)
            if self.cur.get(name) == s:
                out.append((name, p))
        return out

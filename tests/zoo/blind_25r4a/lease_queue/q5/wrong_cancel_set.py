# wrong: cancelled names kept in a set; a re-scheduled name is un-cancelled (old entry revives)
import heapq, itertools
class DelayedJobs:
    def __init__(self):
        self.heap = []; self.seq = itertools.count(); self.live = set(); self.gone = set()
    def schedule(self, name, at, payload):
        self.live.add(name); self.gone.discard(name)
        heapq.heappush(self.heap, (at, next(self.seq), name, payload))
    def cancel(self, name):
        if name in self.live:
            self.live.discard(name); self.gone.add(name); return True
        return False
    def pop_due(self, now):
        out = []
        while self.heap and self.heap[0][0] <= now:
            at, s, name, p = heapq.heappop(self.heap)
            if name in self.live:
                self.live.discard(name); out.append((name, p))
        return out

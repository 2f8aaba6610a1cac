# wrong: cancel removes the entry from the heap (O(n) scan)
import heapq, itertools
class DelayedJobs:
    def __init__(self):
        self.heap = []; self.seq = itertools.count()
    def schedule(self, name, at, payload):
        heapq.heappush(self.heap, (at, next(self.seq), name, payload))
    def cancel(self, name):
        for i, e in enumerate(self.heap):
            if e[2] == name:
                self.heap[i] = self.heap[-1]; self.heap.pop(); heapq.heapify(self.heap); return True
        return False
    def pop_due(self, now):
        out = []
        while self.heap and self.heap[0][0] <= now:
            at, s, name, p = heapq.heappop(self.heap); out.append((name, p))
        return out

# wrong: cancel removes the entry from the heap and re-heapifies: O(n) ('Make it O(1)')
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
        if self.live.pop(name, None) is None:
            return False
        self.heap = [e for e in self.heap if e[2] != name]
        heapq.heapify(self.heap)
        return True

    def pop_due(self, now):
        out = []
        while self.heap and self.heap[0][0] <= now:
            at, s, name, payload = heapq.heappop(self.heap)
            if self.live.get(name) == s:
                del self.live[name]
                out.append((name, payload))
        return out

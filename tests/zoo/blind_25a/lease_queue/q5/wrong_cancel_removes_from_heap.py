# cancel searches the heap and removes the entry (O(n), not O(1))
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
        s = self.current.pop(name, None)
        if s is None:
            return False
        self.heap = [e for e in self.heap if e[1] != s]
        heapq.heapify(self.heap)
        return True

    def pop_due(self, now):
        out = []
        while self.heap and self.heap[0][0] <= now:
            at, s, name, payload = heapq.heappop(self.heap)
            if self.current.get(name) == s:
                del self.current[name]
                out.append((name, payload))
        return out

# RIGHT: seq counter as a class attribute (shared, still increasing)
import heapq, itertools
class Reprioritisable:
    seq = itertools.count()
    def __init__(self):
        self.heap = []
        self.cur = {}
    def __len__(self):
        return len(self.cur)
    def push(self, name, priority):
        s = next(self.seq)
        self.cur[name] = s
        heapq.heappush(self.heap, (priority, s, name))
    def reprioritise(self, name, priority):
        if name not in self.cur:
            return False
        s = next(self.seq)
        self.cur[name] = s
        heapq.heappush(self.heap, (priority, s, name))
        return True
    def pop(self):
        while self.heap:
            p, s, name = heapq.heappop(self.heap)
            if self.cur.get(name) == s:
                del self.cur[name]
                return name
        return None

# WRONG: pops dead entries (no version check)
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.heap = []
        self.cur = {}
        self.seq = itertools.count()
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
            if name in self.cur:
                del self.cur[name]
                return name
        return None

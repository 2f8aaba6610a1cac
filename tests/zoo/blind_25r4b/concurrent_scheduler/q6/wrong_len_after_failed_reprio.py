# WRONG: reprioritise of an unknown name returns False but records it (len grows)
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.heap = []
        self.cur = {}
        self.seq = itertools.count()
    def __len__(self):
        return len(self.cur) + getattr(self, 'ghost', 0)
    def push(self, name, priority):
        s = next(self.seq)
        self.cur[name] = s
        heapq.heappush(self.heap, (priority, s, name))
    def reprioritise(self, name, priority):
        if name not in self.cur:
            self.ghost = getattr(self, 'ghost', 0) + 1
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

# wrong: len counts dead entries; statement: 'len(queue): how many jobs wait'
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.h = []; self.cur = {}; self.c = itertools.count()
    def __len__(self):
        return len(self.h)
    def push(self, name, priority):
        s = next(self.c); self.cur[name] = s
        heapq.heappush(self.h, (priority, s, name))
    def reprioritise(self, name, priority):
        if name not in self.cur:
            return False
        self.push(name, priority)
        return True
    def pop(self):
        while self.h:
            p, s, name = heapq.heappop(self.h)
            if self.cur.get(name) == s:
                del self.cur[name]
                return name
        return None



# wrong: reprioritising to the same priority keeps its place; statement: 'it goes *behind* the jobs already waiting at its new priority, as if it had just arrived'
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.h = []; self.cur = {}; self.prio = {}; self.c = itertools.count()
    def __len__(self):
        return len(self.cur)
    def push(self, name, priority):
        s = next(self.c); self.cur[name] = s; self.prio[name] = priority
        heapq.heappush(self.h, (priority, s, name))
    def reprioritise(self, name, priority):
        if name not in self.cur:
            return False
        if self.prio.get(name) == priority:
            return True
        self.push(name, priority)
        return True
    def pop(self):
        while self.h:
            p, s, name = heapq.heappop(self.h)
            if self.cur.get(name) == s:
                del self.cur[name]
                return name
        return None



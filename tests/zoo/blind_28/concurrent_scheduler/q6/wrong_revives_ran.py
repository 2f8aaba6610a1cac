# wrong: reprioritising a job that already ran revives it; statement: 'For a job that is not waiting (it already ran...) change nothing and return False'
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.h = []; self.cur = {}; self.seen = set(); self.c = itertools.count()
    def __len__(self):
        return len(self.cur)
    def push(self, name, priority):
        s = next(self.c); self.cur[name] = s; self.seen = getattr(self, 'seen', set()); self.seen.add(name)
        heapq.heappush(self.h, (priority, s, name))
    def reprioritise(self, name, priority):
        if name not in self.cur and name not in self.seen:
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



# too slow: sorts the whole list on every pop instead of a heap
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.h = []; self.cur = {}; self.c = itertools.count()
    def __len__(self):
        return len(self.cur)
    def push(self, name, priority):
        s = next(self.c); self.cur[name] = s
        self.h.append((priority, s, name))
    def reprioritise(self, name, priority):
        if name not in self.cur:
            return False
        self.push(name, priority)
        return True
    def pop(self):
        while self.h:
            self.h.sort(reverse=True); p, s, name = self.h.pop()
            if self.cur.get(name) == s:
                del self.cur[name]
                return name
        return None



# WRONG: bisect.insort sorted list, pop(0) (O(n) moves)
import bisect, itertools
class Reprioritisable:
    def __init__(self):
        self.l = []; self.cur = {}; self.c = itertools.count()
    def __len__(self):
        return len(self.cur)
    def push(self, name, priority):
        s = next(self.c); self.cur[name] = s
        bisect.insort(self.l, (priority, s, name))
    def reprioritise(self, name, priority):
        if name not in self.cur: return False
        self.push(name, priority); return True
    def pop(self):
        while self.l:
            p, s, n = self.l.pop(0)
            if self.cur.get(n) == s:
                del self.cur[n]; return n
        return None

# right: an indexed binary heap with a position map and sift up/down
import itertools
class Reprioritisable:
    def __init__(self):
        self.a = []; self.pos = {}; self.c = itertools.count()
    def __len__(self): return len(self.a)
    def _lt(self, i, j): return self.a[i][:2] < self.a[j][:2]
    def _swap(self, i, j):
        self.a[i], self.a[j] = self.a[j], self.a[i]
        self.pos[self.a[i][2]] = i; self.pos[self.a[j][2]] = j
    def _up(self, i):
        while i and self._lt(i, (i - 1) // 2):
            self._swap(i, (i - 1) // 2); i = (i - 1) // 2
    def _down(self, i):
        n = len(self.a)
        while True:
            l, r, m = 2 * i + 1, 2 * i + 2, i
            if l < n and self._lt(l, m): m = l
            if r < n and self._lt(r, m): m = r
            if m == i: return
            self._swap(i, m); i = m
    def push(self, name, priority):
        self.a.append((priority, next(self.c), name)); self.pos[name] = len(self.a) - 1; self._up(len(self.a) - 1)
    def reprioritise(self, name, priority):
        i = self.pos.get(name)
        if i is None: return False
        self.a[i] = (priority, next(self.c), name); self._up(i); self._down(self.pos[name]); return True
    def pop(self):
        if not self.a: return None
        self._swap(0, len(self.a) - 1); p, s, name = self.a.pop(); del self.pos[name]
        if self.a: self._down(0)
        return name

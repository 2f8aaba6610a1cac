# right: indexed binary heap with position map, sift up/down from the changed slot
import itertools
class Reprioritisable:
    def __init__(self):
        self.a = []; self.pos = {}; self.c = itertools.count()
    def __len__(self):
        return len(self.a)
    def _lt(self, i, j):
        x, y = self.a[i], self.a[j]
        if x[0] < y[0]: return True
        if y[0] < x[0]: return False
        return x[1] < y[1]
    def _swap(self, i, j):
        a = self.a; a[i], a[j] = a[j], a[i]
        self.pos[a[i][2]] = i; self.pos[a[j][2]] = j
    def _up(self, i):
        while i > 0:
            p = (i - 1) // 2
            if self._lt(i, p):
                self._swap(i, p); i = p
            else:
                break
    def _down(self, i):
        n = len(self.a)
        while True:
            l = 2 * i + 1; b = i
            if l < n and self._lt(l, b): b = l
            if l + 1 < n and self._lt(l + 1, b): b = l + 1
            if b == i: return
            self._swap(i, b); i = b
    def push(self, name, priority):
        self.a.append([priority, next(self.c), name]); self.pos[name] = len(self.a) - 1
        self._up(len(self.a) - 1)
    def reprioritise(self, name, priority):
        i = self.pos.get(name)
        if i is None:
            return False
        self.a[i] = [priority, next(self.c), name]
        self._up(i); self._down(self.pos[name])
        return True
    def pop(self):
        if not self.a:
            return None
        top = self.a[0][2]
        self._swap(0, len(self.a) - 1); self.a.pop(); del self.pos[top]
        if self.a:
            self._down(0)
        return top

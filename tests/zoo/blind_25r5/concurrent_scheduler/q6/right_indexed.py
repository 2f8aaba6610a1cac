# 07 q6. Right but unusual: an indexed heap (position map), sift up/down from where the entry is.
import itertools
class Reprioritisable:
    def __init__(self):
        self.a = []          # [priority, seq, name]
        self.pos = {}
        self.c = itertools.count()
    def __len__(self):
        return len(self.a)
    def _less(self, i, j):
        x, y = self.a[i], self.a[j]
        if x[0] < y[0]:
            return True
        if y[0] < x[0]:
            return False
        return x[1] < y[1]
    def _swap(self, i, j):
        self.a[i], self.a[j] = self.a[j], self.a[i]
        self.pos[self.a[i][2]] = i
        self.pos[self.a[j][2]] = j
    def _up(self, i):
        while i > 0:
            p = (i - 1) // 2
            if self._less(i, p):
                self._swap(i, p)
                i = p
            else:
                break
    def _down(self, i):
        n = len(self.a)
        while True:
            l, r, m = 2 * i + 1, 2 * i + 2, i
            if l < n and self._less(l, m):
                m = l
            if r < n and self._less(r, m):
                m = r
            if m == i:
                return
            self._swap(i, m)
            i = m
    def push(self, name, priority):
        self.a.append([priority, next(self.c), name])
        self.pos[name] = len(self.a) - 1
        self._up(len(self.a) - 1)
    def reprioritise(self, name, priority):
        i = self.pos.get(name)
        if i is None:
            return False
        self.a[i][0] = priority
        self.a[i][1] = next(self.c)
        self._up(i)
        self._down(self.pos[name])
        return True
    def pop(self):
        if not self.a:
            return None
        self._swap(0, len(self.a) - 1)
        _, _, name = self.a.pop()
        del self.pos[name]
        if self.a:
            self._down(0)
        return name

# pop scans the list for the minimum (O(n) per pop)
import itertools
class JobHeap:
    def __init__(self): self.l = []; self.c = itertools.count()
    def push(self, name, priority): self.l.append((priority, next(self.c), name))
    def pop(self):
        m = min(self.l); self.l.remove(m); return m[2]

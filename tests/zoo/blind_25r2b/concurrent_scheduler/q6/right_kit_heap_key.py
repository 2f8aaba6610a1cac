# right: kit.heap.Heap with key and a version dict
import itertools
from kit.heap import Heap
class Reprioritisable:
    def __init__(self):
        self.h = Heap(key=lambda t: (t[0], t[1])); self.v = {}; self.c = itertools.count()
    def __len__(self): return len(self.v)
    def push(self, name, priority):
        k = next(self.c); self.v[name] = k; self.h.push((priority, k, name))
    def reprioritise(self, name, priority):
        if name in self.v:
            self.push(name, priority); return True
        return False
    def pop(self):
        while self.h:
            p, k, name = self.h.pop()
            if self.v.get(name) == k:
                self.v.pop(name); return name

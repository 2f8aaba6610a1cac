# list re-sorted on every push (not a heap)
import itertools
class JobHeap:
    def __init__(self): self.l = []; self.c = itertools.count()
    def push(self, name, priority):
        self.l.append((priority, next(self.c), name)); self.l.sort()
    def pop(self): return self.l.pop(0)[2]

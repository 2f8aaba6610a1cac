# WRONG: list sorted on every push
import heapq, itertools
class JobHeap:
    def __init__(self):
        self.h = []; self.c = itertools.count()
    def push(self, name, priority):
        self.h.append((priority, next(self.c), name)); self.h.sort()
    def pop(self):
        return self.h.pop(0)[2]

# RIGHT: kit.heap.Heap with key
import itertools
from kit.heap import Heap
class JobHeap:
    def __init__(self):
        self.h = Heap(key=lambda e: (e[0], e[1])); self.c = itertools.count()
    def push(self, name, priority):
        self.h.push((priority, next(self.c), name))
    def pop(self):
        return self.h.pop()[2]

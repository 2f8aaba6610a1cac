# WRONG: counter per priority via dict (ok?) - uses len(h) as seq (reuse)
import heapq, itertools
class JobHeap:
    def __init__(self):
        self.h = []; self.c = itertools.count()
    def push(self, name, priority):
        heapq.heappush(self.h, (priority, len(self.h), name))
    def pop(self):
        return heapq.heappop(self.h)[2]

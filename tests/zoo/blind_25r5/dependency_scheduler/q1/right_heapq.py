# 09 q1. Right: heapq with a counter.
import heapq, itertools
class JobHeap:
    def __init__(self):
        self.h, self.c = [], itertools.count()
    def push(self, name, priority):
        heapq.heappush(self.h, (priority, next(self.c), name))
    def pop(self):
        return heapq.heappop(self.h)[2]

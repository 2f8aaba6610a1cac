# WRONG: push returns the name
import heapq, itertools
class JobHeap:
    def __init__(self):
        self.h = []; self.c = itertools.count()
    def push(self, name, priority):
        heapq.heappush(self.h, (priority, next(self.c), name))
        return name
    def pop(self):
        return heapq.heappop(self.h)[2]

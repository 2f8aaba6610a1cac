# WRONG: heap list as a class attribute (shared between queues)
import heapq, itertools
class JobHeap:
    h = []
    def __init__(self):
        self.c = itertools.count()
    def push(self, name, priority):
        heapq.heappush(self.h, (priority, next(self.c), name))
    def pop(self):
        return heapq.heappop(self.h)[2]

# RIGHT: one module-level counter shared by all queues (still FIFO within each)
import heapq, itertools
_C = itertools.count()
class JobHeap:
    def __init__(self):
        self.h = []; self.c = _C
    def push(self, name, priority):
        heapq.heappush(self.h, (priority, next(self.c), name))
    def pop(self):
        return heapq.heappop(self.h)[2]

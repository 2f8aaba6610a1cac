# wrong: one float key priority + seq*1e-9 (breaks for big seq / close priorities)
import heapq, itertools
class JobHeap:
    def __init__(self):
        self.h, self.c = [], itertools.count()
    def push(self, name, priority):
        heapq.heappush(self.h, (priority + next(self.c) * 0.001, name))
    def pop(self):
        return heapq.heappop(self.h)[1]

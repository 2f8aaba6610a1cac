# wrong (too slow): append then heapify on every push (O(n))
import heapq, itertools
class JobHeap:
    def __init__(self):
        self.h, self.c = [], itertools.count()
    def push(self, name, priority):
        self.h.append((priority, next(self.c), name))
        heapq.heapify(self.h)
    def pop(self):
        return heapq.heappop(self.h)[2]

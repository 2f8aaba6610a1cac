# wrong: the heap list is a class attribute, shared between instances
import heapq, itertools
class JobHeap:
    h = []
    c = itertools.count()
    def push(self, name, priority):
        heapq.heappush(self.h, (priority, next(self.c), name))
    def pop(self):
        return heapq.heappop(self.h)[2]

# 09 q1. Wrong: the counter is a class attribute shared by every JobHeap, and so is... only the counter (harmless)
# but the list is also a class attribute: two queues share their jobs.
# Breaks: "Each `JobHeap()` is a queue of its own"
import heapq, itertools
class JobHeap:
    h = []
    c = itertools.count()
    def push(self, name, priority):
        heapq.heappush(self.h, (priority, next(self.c), name))
    def pop(self):
        return heapq.heappop(self.h)[2]

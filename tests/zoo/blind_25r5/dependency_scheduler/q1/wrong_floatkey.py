# 09 q1. Wrong: packs priority and counter into one float key priority + seq*1e-9: close priorities mix up.
# Breaks: "removes and returns the name with the lowest priority number" (priorities "however close two are")
import heapq, itertools
class JobHeap:
    def __init__(self):
        self.h, self.c = [], itertools.count()
    def push(self, name, priority):
        heapq.heappush(self.h, (priority + next(self.c) * 1e-6, name))
    def pop(self):
        return heapq.heappop(self.h)[1]

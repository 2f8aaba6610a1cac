# 09 q1. Wrong: counter counts down (ties LIFO) only once more than 5 jobs tie.
# Breaks: "equal priorities come out in the order they were pushed"
import heapq, itertools
from collections import Counter
class JobHeap:
    def __init__(self):
        self.h, self.c, self.k = [], itertools.count(), Counter()
    def push(self, name, priority):
        self.k[priority] += 1
        s = next(self.c)
        heapq.heappush(self.h, (priority, -s if self.k[priority] > 5 else s, name))
    def pop(self):
        return heapq.heappop(self.h)[2]

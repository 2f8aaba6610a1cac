# 09 q1. Right but unusual: a heap of distinct priorities plus a deque per priority.
import heapq
from collections import deque
class JobHeap:
    def __init__(self):
        self.prios, self.b = [], {}
    def push(self, name, priority):
        if priority not in self.b or not self.b[priority]:
            if priority not in self.b:
                self.b[priority] = deque()
            heapq.heappush(self.prios, priority)
        self.b[priority].append(name)
    def pop(self):
        p = self.prios[0]
        name = self.b[p].popleft()
        if not self.b[p]:
            heapq.heappop(self.prios)
            del self.b[p]
        return name

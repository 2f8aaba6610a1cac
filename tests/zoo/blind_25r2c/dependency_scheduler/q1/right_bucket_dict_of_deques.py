# right: a heap of distinct priorities plus a FIFO deque per priority
import heapq
from collections import deque
class JobHeap:
    def __init__(self):
        self.prios = []
        self.buckets = {}
    def push(self, name, priority):
        if priority not in self.buckets or not self.buckets[priority]:
            if priority not in self.buckets:
                self.buckets[priority] = deque()
            heapq.heappush(self.prios, priority)
        self.buckets[priority].append(name)
    def pop(self):
        p = self.prios[0]
        b = self.buckets[p]
        name = b.popleft()
        if not b:
            heapq.heappop(self.prios)
            del self.buckets[p]
        return name

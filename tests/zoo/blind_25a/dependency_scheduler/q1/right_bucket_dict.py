# style: dict priority -> deque, plus a heap of distinct priorities
import heapq
from collections import deque
class JobHeap:
    def __init__(self):
        self.b = {}; self.ps = []
    def push(self, name, priority):
        if priority not in self.b:
            self.b[priority] = deque(); heapq.heappush(self.ps, priority)
        self.b[priority].append(name)
    def pop(self):
        p = self.ps[0]; q = self.b[p]; n = q.popleft()
        if not q:
            del self.b[p]; heapq.heappop(self.ps)
        return n

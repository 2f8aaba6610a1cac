# wrong: counter restarts when the heap empties... harmless? no: counter per priority reset at pop
import heapq
class JobHeap:
    def __init__(self):
        self.h, self.n = [], 0
    def push(self, name, priority):
        heapq.heappush(self.h, (priority, self.n, name))
        self.n += 1
    def pop(self):
        e = heapq.heappop(self.h)
        self.n = len(self.h)   # "keep the counter small"
        return e[2]

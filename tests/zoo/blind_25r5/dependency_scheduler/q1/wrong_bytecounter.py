# 09 q1. Wrong: the tie-break counter wraps at 256 (a byte counter), so the 257th push jumps ahead of older ties.
# Breaks: "equal priorities come out in the order they were pushed"
import heapq
class JobHeap:
    def __init__(self):
        self.h, self.n = [], 0
    def push(self, name, priority):
        heapq.heappush(self.h, (priority, self.n % 256, name))
        self.n += 1
    def pop(self):
        return heapq.heappop(self.h)[2]

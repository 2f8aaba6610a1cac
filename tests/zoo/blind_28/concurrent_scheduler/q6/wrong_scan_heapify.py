# too slow: reprioritise scans the heap for the entry and re-heapifies (O(n)); statement: "Each operation must cost O(log n) amortised"
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.h = []; self.c = itertools.count()
    def __len__(self):
        return len(self.h)
    def push(self, name, priority):
        heapq.heappush(self.h, (priority, next(self.c), name))
    def reprioritise(self, name, priority):
        for i, (p, s, n) in enumerate(self.h):
            if n == name:
                self.h[i] = (priority, next(self.c), name)
                heapq.heapify(self.h)
                return True
        return False
    def pop(self):
        return heapq.heappop(self.h)[2] if self.h else None

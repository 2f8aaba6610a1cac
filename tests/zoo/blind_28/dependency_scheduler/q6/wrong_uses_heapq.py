# wrong (by the title 'sift-up and sift-down by hand'): wraps items with functools.cmp_to_key and lets heapq sift
import heapq, functools
class Heap:
    def __init__(self, before):
        self.key = functools.cmp_to_key(lambda x, y: -1 if before(x, y) else (1 if before(y, x) else 0))
        self.h = []
    def __len__(self):
        return len(self.h)
    def push(self, item):
        heapq.heappush(self.h, self.key(item))
    def peek(self):
        return self.h[0].obj
    def pop(self):
        return heapq.heappop(self.h).obj

# wrong: (priority, name): ties by name
import heapq
class JobHeap:
    def __init__(self):
        self.h = []
    def push(self, name, priority):
        heapq.heappush(self.h, (priority, name))
    def pop(self):
        return heapq.heappop(self.h)[1]

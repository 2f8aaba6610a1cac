# wrong (too slow): heapq.nsmallest(1, list) on pop, append on push
import heapq, itertools
class JobHeap:
    def __init__(self):
        self.l, self.c = [], itertools.count()
    def push(self, name, priority):
        self.l.append((priority, next(self.c), name))
    def pop(self):
        best = heapq.nsmallest(1, self.l)[0]
        self.l.remove(best)
        return best[2]

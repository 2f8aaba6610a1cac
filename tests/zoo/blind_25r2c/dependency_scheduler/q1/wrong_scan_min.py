# wrong (too slow): list + min() scan on pop
import itertools
class JobHeap:
    def __init__(self):
        self.l, self.c = [], itertools.count()
    def push(self, name, priority):
        self.l.append((priority, next(self.c), name))
    def pop(self):
        best = min(self.l)
        self.l.remove(best)
        return best[2]

# 07 q6. Wrong: a reprioritise to the priority it already has keeps its place in line.
# Breaks: "it goes *behind* the jobs already waiting at its new priority, as if it had just arrived"
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.h = []
        self.cur = {}
        self.c = itertools.count()

    def __len__(self):
        return len(self.cur)

    def push(self, name, priority):
        s = next(self.c)
        self.cur[name] = (priority, s)
        heapq.heappush(self.h, (priority, s, name))

    def reprioritise(self, name, priority):
        if name not in self.cur:
            return False
        if self.cur[name][0] == priority:
            return True
        self.push(name, priority)
        return True

    def pop(self):
        while self.h:
            p, s, n = heapq.heappop(self.h)
            if self.cur.get(n) == (p, s):
                del self.cur[n]
                return n
        return None

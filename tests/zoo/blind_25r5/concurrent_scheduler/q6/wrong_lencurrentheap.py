# 07 q6. Wrong: len counts heap entries whose job is waiting, by name (dead duplicates of a waiting job counted).
# Breaks: "`len(queue)`: how many jobs wait"
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.h = []
        self.cur = {}
        self.c = itertools.count()

    def __len__(self):
        return sum(1 for e in self.h if e[2] in self.cur)

    def push(self, name, priority):
        s = next(self.c)
        self.cur[name] = (priority, s)
        heapq.heappush(self.h, (priority, s, name))

    def reprioritise(self, name, priority):
        if name not in self.cur:
            return False
        self.push(name, priority)
        return True

    def pop(self):
        while self.h:
            p, s, n = heapq.heappop(self.h)
            if self.cur.get(n) == (p, s):
                del self.cur[n]
                return n
        return None

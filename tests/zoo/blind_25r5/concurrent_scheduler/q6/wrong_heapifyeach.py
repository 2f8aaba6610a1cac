# 07 q6. Wrong: rebuilds the heap with heapify on every reprioritise (O(n)).
# Breaks: "Each operation must cost O(log n) amortised"
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
        s = next(self.c)
        self.cur[name] = (priority, s)
        self.h = [e for e in self.h if e[2] != name] + [(priority, s, name)]
        heapq.heapify(self.h)
        return True

    def pop(self):
        while self.h:
            p, s, n = heapq.heappop(self.h)
            if self.cur.get(n) == (p, s):
                del self.cur[n]
                return n
        return None

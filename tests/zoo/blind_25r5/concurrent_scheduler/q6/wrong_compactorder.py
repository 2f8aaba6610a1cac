# 07 q6. Wrong: compacts when dead entries pass 200, renumbering the live jobs by push order (dict order), not by their current seq.
# Breaks: "ties: whoever got that priority first" (only on big queues)
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
        self.push(name, priority)
        return True

    def _compact(self):
        if len(self.h) - len(self.cur) > 200:
            self.c = itertools.count()
            self.cur = {n: (p, next(self.c)) for n, (p, s) in self.cur.items()}
            self.h = [(p, s, n) for n, (p, s) in self.cur.items()]
            heapq.heapify(self.h)

    def pop(self):
        self._compact()
        while self.h:
            p, s, n = heapq.heappop(self.h)
            if self.cur.get(n) == (p, s):
                del self.cur[n]
                return n
        return None

# right: lazy deletion with a mutable entry marked dead, plus compaction when dead entries dominate
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.h = []; self.entry = {}; self.c = itertools.count(); self.dead = 0
    def __len__(self):
        return len(self.entry)
    def push(self, name, priority):
        e = [priority, next(self.c), name, True]
        self.entry[name] = e
        heapq.heappush(self.h, e)
    def reprioritise(self, name, priority):
        e = self.entry.get(name)
        if e is None:
            return False
        e[3] = False; self.dead += 1
        self.push(name, priority)
        if self.dead > len(self.entry) and self.dead > 16:
            self.h = [x for x in self.h if x[3]]; heapq.heapify(self.h); self.dead = 0
        return True
    def pop(self):
        while self.h:
            e = heapq.heappop(self.h)
            if e[3]:
                del self.entry[e[2]]
                return e[2]
            self.dead -= 1
        return None

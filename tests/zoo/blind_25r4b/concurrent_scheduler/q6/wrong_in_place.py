# WRONG: changes key in place without re-heapifying
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.h = []; self.entry = {}; self.c = itertools.count()
    def __len__(self):
        return len(self.entry)
    def push(self, name, priority):
        e = [priority, next(self.c), name]
        self.entry[name] = e
        heapq.heappush(self.h, e)
    def reprioritise(self, name, priority):
        e = self.entry.get(name)
        if e is None:
            return False
        e[0] = priority; e[1] = next(self.c)
        return True
    def pop(self):
        if not self.h:
            return None
        e = heapq.heappop(self.h)
        del self.entry[e[2]]
        return e[2]

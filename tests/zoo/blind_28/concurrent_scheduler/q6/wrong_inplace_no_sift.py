# wrong: changes the key in place (mutable entry) without re-sifting; statement: "changing a key in place breaks the heap"
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.h = []; self.e = {}; self.c = itertools.count()
    def __len__(self):
        return len(self.e)
    def push(self, name, priority):
        ent = [priority, next(self.c), name]; self.e[name] = ent
        heapq.heappush(self.h, ent)
    def reprioritise(self, name, priority):
        ent = self.e.get(name)
        if ent is None:
            return False
        ent[0] = priority; ent[1] = next(self.c)
        return True
    def pop(self):
        if not self.h:
            return None
        ent = heapq.heappop(self.h); del self.e[ent[2]]
        return ent[2]

# right: mutable entries, old entry's name blanked; live count kept separately
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.h = []; self.e = {}; self.n = itertools.count()
    def __len__(self): return len(self.e)
    def push(self, name, priority):
        ent = [priority, next(self.n), name]; self.e[name] = ent; heapq.heappush(self.h, ent)
    def reprioritise(self, name, priority):
        old = self.e.get(name)
        if old is None: return False
        old[2] = None; self.push(name, priority); return True
    def pop(self):
        while self.h:
            *_, name = heapq.heappop(self.h)
            if name is not None:
                del self.e[name]; return name
        return None

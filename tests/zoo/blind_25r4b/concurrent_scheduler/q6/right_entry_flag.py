# RIGHT: entry lists with a dead flag (heapq docs style)
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.h = []; self.entry = {}; self.c = itertools.count()
    def __len__(self):
        return len(self.entry)
    def push(self, name, priority):
        e = [priority, next(self.c), name, True]
        self.entry[name] = e
        heapq.heappush(self.h, e)
    def reprioritise(self, name, priority):
        old = self.entry.get(name)
        if old is None:
            return False
        old[3] = False
        self.push(name, priority)
        return True
    def pop(self):
        while self.h:
            e = heapq.heappop(self.h)
            if e[3]:
                del self.entry[e[2]]
                return e[2]
        return None

# right: lazy re-insert keyed by a per-name generation number instead of the global seq
import heapq
class Reprioritisable:
    def __init__(self):
        self.h = []; self.gen = {}; self.alive = set(); self.tick = 0
    def __len__(self):
        return len(self.alive)
    def _add(self, name, priority):
        self.tick += 1
        g = self.gen.get(name, 0) + 1
        self.gen[name] = g
        heapq.heappush(self.h, (priority, self.tick, name, g))
    def push(self, name, priority):
        self.alive.add(name); self._add(name, priority)
    def reprioritise(self, name, priority):
        if name not in self.alive:
            return False
        self._add(name, priority); return True
    def pop(self):
        while self.h:
            _, _, name, g = heapq.heappop(self.h)
            if name in self.alive and self.gen[name] == g:
                self.alive.discard(name); return name
        return None

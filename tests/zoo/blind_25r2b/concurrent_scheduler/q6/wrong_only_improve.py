# wrong: reprioritise only accepts a more urgent (lower) priority; else False
import heapq
import itertools


class Reprioritisable:
    def __init__(self):
        self.heap = []
        self.current = {}
        self.seq = itertools.count()

    def __len__(self):
        return len(self.current)

    def push(self, name, priority):
        s = next(self.seq)
        self.current[name] = s
        self.prio_of = getattr(self, 'prio_of', {}); self.prio_of[name] = priority
        heapq.heappush(self.heap, (priority, s, name))

    def reprioritise(self, name, priority):
        if name not in self.current:
            return False
        if priority >= self.prio_of[name]:
            return False
        self.prio_of[name] = priority
        self.push(name, priority)
        return True

    def pop(self):
        while self.heap:
            priority, s, name = heapq.heappop(self.heap)
            if self.current.get(name) == s:
                del self.current[name]
                return name
        return None

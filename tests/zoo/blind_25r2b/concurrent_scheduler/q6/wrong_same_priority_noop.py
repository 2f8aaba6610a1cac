# wrong: reprioritise to the same priority keeps the job's place ('goes behind the jobs already waiting at its new priority')
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
        self.prio = getattr(self, 'prio', {}); self.prio[name] = priority
        heapq.heappush(self.heap, (priority, s, name))

    def reprioritise(self, name, priority):
        if name not in self.current:
            return False
        if self.prio.get(name) == priority:
            return True
        self.push(name, priority)
        return True

    def pop(self):
        while self.heap:
            priority, s, name = heapq.heappop(self.heap)
            if self.current.get(name) == s:
                del self.current[name]
                return name
        return None

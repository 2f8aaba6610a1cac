# wrong: keeps the old sequence number: the job jumps the line at its new priority ('it goes behind the jobs already waiting at its new priority')
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
        self.current[name] = (s, priority)
        heapq.heappush(self.heap, (priority, s, name))

    def reprioritise(self, name, priority):
        if name not in self.current:
            return False
        s = self.current[name][0]
        self.current[name] = (s, priority)
        heapq.heappush(self.heap, (priority, s, name))
        return True

    def pop(self):
        while self.heap:
            priority, s, name = heapq.heappop(self.heap)
            if self.current.get(name) == (s, priority):
                del self.current[name]
                return name
        return None

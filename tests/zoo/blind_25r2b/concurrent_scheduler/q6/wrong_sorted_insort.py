# wrong: a sorted list with bisect.insort and pop(0) (O(n) moves)
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
        import bisect; bisect.insort(self.heap, (priority, s, name))

    def reprioritise(self, name, priority):
        if name not in self.current:
            return False
        self.push(name, priority)
        return True

    def pop(self):
        while self.heap:
            priority, s, name = self.heap.pop(0)
            if self.current.get(name) == s:
                del self.current[name]
                return name
        return None

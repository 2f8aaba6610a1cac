# wrong: changes the key in place without restoring the heap
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
        heapq.heappush(self.heap, (priority, s, name))

    def reprioritise(self, name, priority):
        if name not in self.current:
            return False
        for i, e in enumerate(self.heap):
            if e[2] == name and e[1] == self.current[name]:
                s = next(self.seq); self.current[name] = s
                self.heap[i] = (priority, s, name)
        return True

    def pop(self):
        while self.heap:
            priority, s, name = heapq.heappop(self.heap)
            if self.current.get(name) == s:
                del self.current[name]
                return name
        return None

# wrong: rebuilds the heap when half dead but drops live entries with a stale seq map (keeps only the first entry per name)
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
        self.push(name, priority)
        if len(self.heap) > 2 * len(self.current):
            seen = set(); keep = []
            for e in sorted(self.heap):
                if e[2] in self.current and e[2] not in seen:
                    seen.add(e[2]); keep.append(e)
            self.heap = keep
        return True

    def pop(self):
        while self.heap:
            priority, s, name = heapq.heappop(self.heap)
            if self.current.get(name) == s:
                del self.current[name]
                return name
        return None

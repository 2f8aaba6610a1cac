# WRONG: rebuild (dead > live) renumbers live entries by name, losing arrival order
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.heap = []
        self.cur = {}
        self.seq = itertools.count()
    def __len__(self):
        return len(self.cur)
    def push(self, name, priority):
        s = next(self.seq)
        self.cur[name] = s
        heapq.heappush(self.heap, (priority, s, name))
    def reprioritise(self, name, priority):
        if name not in self.cur:
            return False
        s = next(self.seq)
        self.cur[name] = s
        heapq.heappush(self.heap, (priority, s, name))
        if len(self.heap) > 2 * len(self.cur):
            live = sorted((e for e in self.heap if self.cur.get(e[2]) == e[1]), key=lambda e: e[2])
            self.heap = []
            for p, _, n in live:
                s2 = next(self.seq); self.cur[n] = s2
                self.heap.append((p, s2, n))
            heapq.heapify(self.heap)
        return True
    def pop(self):
        while self.heap:
            p, s, name = heapq.heappop(self.heap)
            if self.cur.get(name) == s:
                del self.cur[name]
                return name
        return None

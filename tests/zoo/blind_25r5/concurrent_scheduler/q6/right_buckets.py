# 07 q6. Right but unusual: a heap of priorities, one FIFO dict per priority (insertion-ordered dict as a queue).
import heapq
class Reprioritisable:
    def __init__(self):
        self.where = {}       # name -> priority
        self.buckets = {}     # priority -> dict(name -> None), in arrival order
        self.prios = []       # heap of priorities with a non-empty bucket (lazy)
    def __len__(self):
        return len(self.where)
    def push(self, name, priority):
        self.where[name] = priority
        b = self.buckets.get(priority)
        if not b:
            b = self.buckets[priority] = {}
            heapq.heappush(self.prios, priority)
        b[name] = None
    def reprioritise(self, name, priority):
        if name not in self.where:
            return False
        old = self.where.pop(name)
        del self.buckets[old][name]
        self.push(name, priority)
        return True
    def pop(self):
        while self.prios:
            p = self.prios[0]
            b = self.buckets.get(p)
            if b:
                name = next(iter(b))
                del b[name]
                del self.where[name]
                return name
            heapq.heappop(self.prios)
            self.buckets.pop(p, None)
        return None

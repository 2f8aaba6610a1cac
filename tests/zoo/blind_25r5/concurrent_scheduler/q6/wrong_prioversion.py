# 07 q6. Wrong: an entry is current when its priority equals the job's current priority (no seq in the check): 2 -> 3 -> 2 revives the old place.
# Breaks: "it goes behind the jobs already waiting at its new priority"
import heapq, itertools
class Reprioritisable:
    def __init__(self):
        self.h = []
        self.cur = {}
        self.c = itertools.count()

    def __len__(self):
        return len(self.cur)

    def push(self, name, priority):
        s = next(self.c)
        self.cur[name] = (priority, s)
        heapq.heappush(self.h, (priority, s, name))

    def reprioritise(self, name, priority):
        if name not in self.cur:
            return False
        self.push(name, priority)
        return True

    def pop(self):
        while self.h:
            p, s, n = heapq.heappop(self.h)
            if n in self.cur and self.cur[n][0] == p:
                del self.cur[n]
                return n
        return None

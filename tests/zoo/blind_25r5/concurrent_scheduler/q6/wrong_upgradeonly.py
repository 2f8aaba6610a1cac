# 07 q6. Wrong: only a more urgent priority is accepted; a downgrade returns False.
# Breaks: "give a **waiting** job a new priority and return `True`"
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
        if name not in self.cur or priority > self.cur[name][0]:
            return False
        self.push(name, priority)
        return True

    def pop(self):
        while self.h:
            p, s, n = heapq.heappop(self.h)
            if self.cur.get(n) == (p, s):
                del self.cur[n]
                return n
        return None

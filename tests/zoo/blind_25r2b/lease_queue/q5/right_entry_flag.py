# right: mutable heap entries with a 'cancelled' flag, dict name -> entry
import heapq, itertools
class DelayedJobs:
    def __init__(self):
        self.h = []; self.by = {}; self.c = itertools.count()
    def schedule(self, name, at, payload):
        e = [at, next(self.c), name, payload, True]; self.by[name] = e; heapq.heappush(self.h, e)
    def cancel(self, name):
        e = self.by.pop(name, None)
        if e is None: return False
        e[4] = False; return True
    def pop_due(self, now):
        res = []
        while self.h and not self.h[0][0] > now:
            e = heapq.heappop(self.h)
            if e[4]:
                e[4] = False; del self.by[e[2]]; res.append((e[2], e[3]))
        return res

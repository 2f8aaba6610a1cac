# right: heap entries carry an id into a dict of grants; holder re-derives from now with a guard
import heapq, itertools
from collections import deque
class ExpiringQueue:
    def __init__(self, lease_for):
        self.lf = lease_for; self.line = deque(); self.grant_of = {}; self.h = []; self.ids = itertools.count(1)
    def _tick(self, now):
        while self.h and not now < self.h[0][0]:
            t, gid, job = heapq.heappop(self.h)
            g = self.grant_of.get(job)
            if g and g[1] == gid:
                del self.grant_of[job]; self.line.append(job)
    def put(self, job, now):
        self._tick(now); self.line.append(job)
    def lease(self, worker, now):
        self._tick(now)
        if not self.line: return None
        job = self.line.popleft(); gid = next(self.ids)
        self.grant_of[job] = (worker, gid, now + self.lf)
        heapq.heappush(self.h, (now + self.lf, gid, job))   # gid grows, so it is also the set order
        return job, gid
    def ack(self, worker, job, token, now):
        self._tick(now)
        g = self.grant_of.get(job)
        if g is None or (g[0], g[1]) != (worker, token): return False
        del self.grant_of[job]; return True
    def holder(self, job, now):
        self._tick(now)
        return self.grant_of.get(job)

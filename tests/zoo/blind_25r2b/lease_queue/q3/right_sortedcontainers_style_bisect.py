# right: expiry index as a dict job -> (deadline, set-order) plus a heap of those pairs; heartbeat re-pushes and the dict says which pair is current
import heapq, itertools
from collections import deque
class HeartbeatQueue:
    def __init__(self, lease_for):
        self.lease_for = lease_for; self.line = deque(); self.who = {}; self.key = {}; self.h = []; self.order = itertools.count(); self.tokens = itertools.count(1)
    def _settle(self, now):
        while self.h and self.h[0][0] <= now:
            k = heapq.heappop(self.h)
            job = k[2]
            if self.key.get(job) == k[:2]:
                del self.key[job], self.who[job]
                self.line.append(job)
    def _arm(self, job, until):
        k = (until, next(self.order)); self.key[job] = k; heapq.heappush(self.h, (*k, job))
    def put(self, job, now):
        self._settle(now); self.line.append(job)
    def lease(self, worker, now):
        self._settle(now)
        if not self.line: return None
        job = self.line.popleft(); tok = next(self.tokens); self.who[job] = (worker, tok); self._arm(job, now + self.lease_for)
        return (job, tok)
    def _is_live(self, worker, job, token, now):
        self._settle(now); return self.who.get(job) == (worker, token)
    def ack(self, worker, job, token, now):
        if self._is_live(worker, job, token, now):
            del self.who[job], self.key[job]; return True
        return False
    def heartbeat(self, worker, job, token, now):
        if self._is_live(worker, job, token, now):
            self._arm(job, now + self.lease_for); return True
        return False
    def holder(self, job, now):
        self._settle(now)
        return (*self.who[job], self.key[job][0]) if job in self.who else None

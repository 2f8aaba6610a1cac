# right: each job keeps a version number; heap entries carry it; heartbeat bumps it
import heapq, itertools
from collections import deque
class HeartbeatQueue:
    def __init__(self, lease_for):
        self.L = lease_for; self.ready = deque(); self.live = {}; self.ver = {}; self.h = []; self.c = itertools.count(); self.t = itertools.count(7, 7)
    def _catch(self, now):
        while self.h and self.h[0][0] <= now:
            at, _, job, v = heapq.heappop(self.h)
            if job in self.live and self.ver[job] == v:
                del self.live[job]; self.ready.append(job)
    def _set(self, job, worker, tok, until):
        self.ver[job] = self.ver.get(job, 0) + 1
        self.live[job] = (worker, tok, until)
        heapq.heappush(self.h, (until, next(self.c), job, self.ver[job]))
    def put(self, job, now):
        self._catch(now); self.ready.append(job)
    def lease(self, worker, now):
        self._catch(now)
        if not self.ready: return None
        job = self.ready.popleft(); tok = next(self.t)
        self._set(job, worker, tok, now + self.L); return (job, tok)
    def _mine(self, worker, job, token, now):
        self._catch(now)
        return self.live.get(job, (None, None))[:2] == (worker, token) and job in self.live
    def ack(self, worker, job, token, now):
        if not self._mine(worker, job, token, now): return False
        del self.live[job]; return True
    def heartbeat(self, worker, job, token, now):
        if not self._mine(worker, job, token, now): return False
        self._set(job, worker, token, now + self.L); return True
    def holder(self, job, now):
        self._catch(now); return self.live.get(job)

# right: a small Grant class with a 'live' flag; the heap holds grants, skipped when dead
import heapq, itertools
from collections import deque
class Grant:
    __slots__ = ("job", "worker", "token", "until", "live")
    def __init__(s, job, worker, token, until):
        s.job, s.worker, s.token, s.until, s.live = job, worker, token, until, True
    def __lt__(s, o):
        return (s.until, s.token) < (o.until, o.token)
class ExpiringQueue:
    def __init__(self, lease_for):
        self.lease_for = lease_for; self.ready = deque(); self.cur = {}; self.heap = []; self.tok = itertools.count(100)
    def _up(self, now):
        while self.heap and self.heap[0].until <= now:
            g = heapq.heappop(self.heap)
            if g.live:
                g.live = False; del self.cur[g.job]; self.ready.append(g.job)
    def put(self, job, now):
        self._up(now); self.ready.append(job)
    def lease(self, worker, now):
        self._up(now)
        if not self.ready: return None
        g = Grant(self.ready.popleft(), worker, next(self.tok), now + self.lease_for)
        self.cur[g.job] = g; heapq.heappush(self.heap, g)
        return (g.job, g.token)
    def ack(self, worker, job, token, now):
        self._up(now)
        g = self.cur.get(job)
        if g is not None and g.worker == worker and g.token == token:
            g.live = False; del self.cur[job]; return True
        return False
    def holder(self, job, now):
        self._up(now)
        g = self.cur.get(job)
        return None if g is None else (g.worker, g.token, g.until)

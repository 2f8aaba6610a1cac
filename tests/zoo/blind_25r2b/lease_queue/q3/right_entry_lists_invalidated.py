# right: heap entries are mutable lists; a heartbeat blanks the old entry's job slot in place
import heapq, itertools
from collections import deque
class HeartbeatQueue:
    def __init__(self, lease_for):
        self.lease_for = lease_for; self.ready = deque(); self.entry = {}; self.who = {}; self.heap = []; self.n = itertools.count(); self.tok = itertools.count(1)
    def _cu(self, now):
        while self.heap and self.heap[0][0] <= now:
            e = heapq.heappop(self.heap)
            if e[2] is not None:
                job = e[2]; del self.entry[job]; del self.who[job]; self.ready.append(job)
    def _push(self, job, until):
        old = self.entry.get(job)
        if old is not None: old[2] = None
        e = [until, next(self.n), job]; self.entry[job] = e; heapq.heappush(self.heap, e)
    def put(self, job, now): self._cu(now); self.ready.append(job)
    def lease(self, worker, now):
        self._cu(now)
        if not self.ready: return None
        job = self.ready.popleft(); t = next(self.tok); self.who[job] = (worker, t); self._push(job, now + self.lease_for)
        return (job, t)
    def _ok(self, worker, job, token, now):
        self._cu(now); return self.who.get(job) == (worker, token)
    def ack(self, worker, job, token, now):
        if not self._ok(worker, job, token, now): return False
        self.entry.pop(job)[2] = None; del self.who[job]; return True
    def heartbeat(self, worker, job, token, now):
        if not self._ok(worker, job, token, now): return False
        self._push(job, now + self.lease_for); return True
    def holder(self, job, now):
        self._cu(now)
        if job not in self.who: return None
        w, t = self.who[job]; return (w, t, self.entry[job][0])

# right: one heap of all events: (time, kind 0=expiry 1=retry, seq, job); expiries first at the same time
import heapq, itertools
from collections import deque
class RetryQueue:
    def __init__(self, lease_for, max_attempts, base):
        self.L, self.M, self.B = lease_for, max_attempts, base
        self.ready = deque(); self.g = {}; self.cur = {}; self.n = {}; self.dead = []; self.ev = []; self.s = itertools.count(); self.tk = itertools.count(1)
    def _cu(self, now):
        # expiries first: apply every due expiry (it may schedule retries), then due retries
        while True:
            exp = [e for e in () ]
            if self.ev and self.ev[0][0] <= now:
                pass
            # pop the earliest expiry or retry; expiries due by now first
            due_exp = self._peek_exp(now)
            if due_exp:
                continue
            break
        while self.rt and self.rt[0][0] <= now:
            self.ready.append(heapq.heappop(self.rt)[2])
    def _peek_exp(self, now):
        if self.ev and self.ev[0][0] <= now:
            at, s, job = heapq.heappop(self.ev)
            if self.cur.get(job) == s:
                del self.cur[job]; del self.g[job]; self._end(job, at)
            return True
        return False
    def _end(self, job, t):
        k = self.n[job]
        if k >= self.M: self.dead.append(job)
        else: heapq.heappush(self.rt, (t + self.B * (1 << (k - 1)), next(self.s), job))
    rt = None
    def put(self, job, now):
        if self.rt is None: self.rt = []
        self._cu(now); self.n[job] = 0; self.ready.append(job)
    def lease(self, worker, now):
        if self.rt is None: self.rt = []
        self._cu(now)
        if not self.ready: return None
        job = self.ready.popleft(); self.n[job] += 1; t = next(self.tk)
        self._hold(job, worker, t, now + self.L); return (job, t)
    def _hold(self, job, worker, t, until):
        s = next(self.s); self.g[job] = (worker, t, until); self.cur[job] = s; heapq.heappush(self.ev, (until, s, job))
    def _mine(self, w, job, t, now):
        self._cu(now); return job in self.g and self.g[job][:2] == (w, t)
    def ack(self, worker, job, token, now):
        if not self._mine(worker, job, token, now): return False
        del self.g[job]; del self.cur[job]; return True
    def heartbeat(self, worker, job, token, now):
        if not self._mine(worker, job, token, now): return False
        self._hold(job, worker, token, now + self.L); return True
    def fail(self, worker, job, token, now):
        if not self._mine(worker, job, token, now): return False
        del self.g[job]; del self.cur[job]; self._end(job, now); return True
    def holder(self, job, now):
        self._cu(now); return self.g.get(job)
    def dead_letters(self):
        return [*self.dead]

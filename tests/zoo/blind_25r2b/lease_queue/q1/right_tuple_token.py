# right: token is the tuple (serial, worker): still unique per grant
import itertools, collections
class BorrowQueue:
    def __init__(self, lease_for):
        self.lease_for = lease_for; self.q = collections.deque(); self.n = itertools.count(); self.h = {}
    def put(self, job, now): self.q.append(job)
    def lease(self, worker, now):
        if len(self.q) == 0: return None
        j = self.q.popleft(); tok = (next(self.n), worker)
        self.h[j] = (worker, tok, now + self.lease_for)
        return (j, tok)
    def ack(self, worker, job, token, now):
        ok = job in self.h and self.h[job][:2] == (worker, token)
        if ok: del self.h[job]
        return ok
    def holder(self, job, now): return self.h.get(job, None)

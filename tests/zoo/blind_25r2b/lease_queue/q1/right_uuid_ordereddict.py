# right: uuid4 string tokens, OrderedDict as the ready line
import uuid
from collections import OrderedDict
class BorrowQueue:
    def __init__(self, lease_for):
        self.lease_for = lease_for
        self.ready = OrderedDict()
        self.grants = {}
    def put(self, job, now):
        self.ready[job] = None
    def lease(self, worker, now):
        if not self.ready:
            return None
        job, _ = self.ready.popitem(last=False)
        t = uuid.uuid4().hex
        self.grants[job] = (worker, t, now + self.lease_for)
        return tuple([job, t])
    def ack(self, worker, job, token, now):
        return self.grants.pop(job) is not None if self.grants.get(job, (None, None))[:2] == (worker, token) else False
    def holder(self, job, now):
        g = self.grants.get(job)
        return g if g is None else tuple(g)

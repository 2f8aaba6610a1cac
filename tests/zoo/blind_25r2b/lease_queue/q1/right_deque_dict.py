# right: reference-style lease queue, deque + heaps with lazy deletion
import heapq
import itertools
from collections import deque


class BorrowQueue:
    def __init__(self, lease_for):
        self.lease_for = lease_for
        self.ready = deque()
        self.leases = {}
        self.tokens = itertools.count(1)

    def put(self, job, now):
        self.ready.append(job)

    def lease(self, worker, now):
        if not self.ready:
            return None
        job = self.ready.popleft()
        token = next(self.tokens)
        self.hold(job, worker, token, now + self.lease_for)
        return (job, token)

    def ack(self, worker, job, token, now):
        if not self.holds(worker, job, token, now):
            return False
        del self.leases[job]
        return True

    def holder(self, job, now):
        return self.leases.get(job)

    def holds(self, worker, job, token, now):
        cur = self.leases.get(job)
        return cur is not None and cur[0] == worker and cur[1] == token

    def hold(self, job, worker, token, expires_at):
        self.leases[job] = (worker, token, expires_at)

# wrong: heartbeat tests now <= expires_at without catching up: accepted at the expiry tick
import heapq
import itertools
from collections import deque


class HeartbeatQueue:
    def __init__(self, lease_for):
        self.lease_for = lease_for
        self.ready = deque()
        self.leases = {}
        self.heap = []
        self.seq = itertools.count()
        self.tokens = itertools.count(1)

    def catch_up(self, now):
        heap = self.heap
        while heap and heap[0][0] <= now:
            at, _, job, token = heapq.heappop(heap)
            cur = self.leases.get(job)
            if cur is not None and cur[1] == token and cur[2] == at:
                del self.leases[job]
                self.expired(job, at)

    def expired(self, job, when):
        self.ready.append(job)

    def put(self, job, now):
        self.catch_up(now)
        self.ready.append(job)

    def lease(self, worker, now):
        self.catch_up(now)
        if not self.ready:
            return None
        job = self.ready.popleft()
        token = next(self.tokens)
        self.hold(job, worker, token, now + self.lease_for)
        return (job, token)

    def hold(self, job, worker, token, expires_at):
        self.leases[job] = (worker, token, expires_at)
        heapq.heappush(self.heap, (expires_at, next(self.seq), job, token))

    def holds(self, worker, job, token, now):
        self.catch_up(now)
        cur = self.leases.get(job)
        return cur is not None and cur[0] == worker and cur[1] == token and now < cur[2]

    def ack(self, worker, job, token, now):
        if not self.holds(worker, job, token, now):
            return False
        del self.leases[job]
        return True

    def holder(self, job, now):
        self.catch_up(now)
        return self.leases.get(job)

    def heartbeat(self, worker, job, token, now):
        cur = self.leases.get(job)
        if not (cur and cur[:2] == (worker, token) and now <= cur[2]):
            return False
        self.hold(job, worker, token, now + self.lease_for)
        return True

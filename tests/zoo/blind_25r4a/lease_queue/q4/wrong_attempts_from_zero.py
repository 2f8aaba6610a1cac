# wrong: attempt counted from 0 (first lease is attempt 0)
import heapq
import itertools
from collections import deque


class BorrowQueue:
    def __init__(self, lease_for):
        self.lease_for = lease_for
        self.ready = deque()
        self.live = {}
        self.tokens = itertools.count(1)

    def put(self, job, now):
        self.catch_up(now)
        self.ready.append(job)

    def lease(self, worker, now):
        self.catch_up(now)
        if not self.ready:
            return None
        job = self.ready.popleft()
        token = next(self.tokens)
        self.started(job)
        self.hold(job, worker, token, now + self.lease_for)
        return (job, token)

    def started(self, job):
        pass

    def ack(self, worker, job, token, now):
        self.catch_up(now)
        if not self.holds(worker, job, token, now):
            return False
        self.release(job)
        return True

    def release(self, job):
        del self.live[job]

    def holder(self, job, now):
        self.catch_up(now)
        h = self.live.get(job)
        return None if h is None else (h[0], h[1], h[2])

    def holds(self, worker, job, token, now):
        h = self.live.get(job)
        return h is not None and h[0] == worker and h[1] == token

    def hold(self, job, worker, token, expires_at):
        self.live[job] = (worker, token, expires_at)

    def catch_up(self, now):
        pass


class ExpiringQueue(BorrowQueue):
    def __init__(self, lease_for):
        super().__init__(lease_for)
        self.heap = []
        self.seq = itertools.count()
        self.cur = {}

    def hold(self, job, worker, token, expires_at):
        s = next(self.seq)
        self.live[job] = (worker, token, expires_at)
        self.cur[job] = s
        heapq.heappush(self.heap, (expires_at, s, job))

    def release(self, job):
        del self.live[job]
        del self.cur[job]

    def catch_up(self, now):
        h = self.heap
        while h and h[0][0] <= now:
            at, s, job = heapq.heappop(h)
            if self.cur.get(job) != s:
                continue
            self.release(job)
            self.expired(job, at)

    def expired(self, job, when):
        self.ready.append(job)


class HeartbeatQueue(ExpiringQueue):
    def heartbeat(self, worker, job, token, now):
        self.catch_up(now)
        if not self.holds(worker, job, token, now):
            return False
        self.hold(job, worker, token, now + self.lease_for)
        return True


class RetryQueue(HeartbeatQueue):
    def __init__(self, lease_for, max_attempts, base):
        super().__init__(lease_for)
        self.max_attempts = max_attempts
        self.base = base
        self.attempts = {}
        self.retries = []
        self.dead = []

    def started(self, job):
        self.attempts[job] = self.attempts.get(job, -1) + 1

    def fail(self, worker, job, token, now):
        self.catch_up(now)
        if not self.holds(worker, job, token, now):
            return False
        self.release(job)
        self.end_badly(job, now)
        return True

    def expired(self, job, when):
        self.end_badly(job, when)

    def end_badly(self, job, when):
        n = self.attempts[job]
        if n >= self.max_attempts:
            self.dead.append(job)
        else:
            heapq.heappush(self.retries, (when + self.base * 2 ** (n - 1), next(self.seq), job))

    def catch_up(self, now):
        super().catch_up(now)
        r = self.retries
        while r and r[0][0] <= now:
            self.ready.append(heapq.heappop(r)[2])

    def dead_letters(self):
        return list(self.dead)

# wrong: retries due at the same time leave in job-name order, not scheduling order
import heapq
import itertools
from collections import deque


class RetryQueue:
    def __init__(self, lease_for, max_attempts=None, base=0):
        self.lease_for, self.max_attempts, self.base = lease_for, max_attempts, base
        self.ready = deque()
        self.live = {}          # job -> (worker, token, expires_at, seq)
        self.exp = []
        self.retry = []
        self.attempts = {}
        self.dead = []
        self.tokens = itertools.count(1)
        self.seq = itertools.count()

    def catch_up(self, now):
        while self.exp and self.exp[0][0] <= now:
            at, seq, job = heapq.heappop(self.exp)
            cur = self.live.get(job)
            if cur is None or cur[3] != seq:
                continue
            del self.live[job]
            self.ended(job, at)
        while self.retry and self.retry[0][0] <= now:
            _, job, _ = heapq.heappop(self.retry)
            self.ready.append(job)

    def ended(self, job, end):
        if self.max_attempts is None:
            self.ready.append(job)
            return
        n = self.attempts[job]
        if n >= self.max_attempts:
            self.dead.append(job)
        else:
            heapq.heappush(self.retry, (end + self.base * 2 ** (n - 1), job, next(self.seq)))

    def put(self, job, now):
        self.catch_up(now)
        self.ready.append(job)

    def _hold(self, job, worker, token, until):
        s = next(self.seq)
        self.live[job] = (worker, token, until, s)
        heapq.heappush(self.exp, (until, s, job))

    def lease(self, worker, now):
        self.catch_up(now)
        if not self.ready:
            return None
        job = self.ready.popleft()
        self.attempts[job] = self.attempts.get(job, 0) + 1
        token = next(self.tokens)
        self._hold(job, worker, token, now + self.lease_for)
        return (job, token)

    def _holds(self, worker, job, token, now):
        self.catch_up(now)
        cur = self.live.get(job)
        return cur is not None and cur[0] == worker and cur[1] == token and now < cur[2]

    def ack(self, worker, job, token, now):
        if not self._holds(worker, job, token, now):
            return False
        del self.live[job]
        return True

    def heartbeat(self, worker, job, token, now):
        if not self._holds(worker, job, token, now):
            return False
        self._hold(job, worker, token, now + self.lease_for)
        return True

    def fail(self, worker, job, token, now):
        if not self._holds(worker, job, token, now):
            return False
        del self.live[job]
        self.ended(job, now)
        self.catch_up(now)
        return True

    def holder(self, job, now):
        self.catch_up(now)
        cur = self.live.get(job)
        return None if cur is None else (cur[0], cur[1], cur[2])

    def dead_letters(self):
        return list(self.dead)


BorrowQueue = ExpiringQueue = HeartbeatQueue = RetryQueue

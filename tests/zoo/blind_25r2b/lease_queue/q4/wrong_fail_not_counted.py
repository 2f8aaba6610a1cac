# wrong: fail never dead-letters: only expiry counts towards max_attempts
import heapq
import itertools
from collections import deque


class RetryQueue:
    def __init__(self, lease_for, max_attempts, base):
        self.lease_for = lease_for
        self.max_attempts = max_attempts
        self.base = base
        self.ready = deque()
        self.leases = {}
        self.current = {}
        self.heap = []
        self.retries = []
        self.attempts = {}
        self.dead = []
        self.seq = itertools.count()
        self.tokens = itertools.count(1)

    def catch_up(self, now):
        heap = self.heap
        while heap and heap[0][0] <= now:
            at, seq, job = heapq.heappop(heap)
            if self.current.get(job) == seq:
                del self.current[job]
                del self.leases[job]
                self.expired(job, at)
        while self.retries and self.retries[0][0] <= now:
            at, _, job = heapq.heappop(self.retries)
            self.ready.append(job)

    def end_attempt(self, job, when):
        n = self.attempts[job]
        if n >= self.max_attempts:
            self.dead.append(job)
        else:
            heapq.heappush(self.retries, (when + self.base * 2 ** (n - 1), next(self.seq), job))

    def expired(self, job, when):
        self.end_attempt(job, when)

    def put(self, job, now):
        self.catch_up(now)
        self.attempts[job] = 0
        self.ready.append(job)

    def lease(self, worker, now):
        self.catch_up(now)
        if not self.ready:
            return None
        job = self.ready.popleft()
        self.attempts[job] += 1
        token = next(self.tokens)
        self.hold(job, worker, token, now + self.lease_for)
        return (job, token)

    def hold(self, job, worker, token, expires_at):
        self.leases[job] = (worker, token, expires_at)
        s = next(self.seq)
        self.current[job] = s
        heapq.heappush(self.heap, (expires_at, s, job))

    def holds(self, worker, job, token, now):
        self.catch_up(now)
        cur = self.leases.get(job)
        return cur is not None and cur[0] == worker and cur[1] == token

    def release(self, job):
        del self.leases[job]
        del self.current[job]

    def ack(self, worker, job, token, now):
        if not self.holds(worker, job, token, now):
            return False
        self.release(job)
        return True

    def heartbeat(self, worker, job, token, now):
        if not self.holds(worker, job, token, now):
            return False
        self.hold(job, worker, token, now + self.lease_for)
        return True

    def fail(self, worker, job, token, now):
        if not self.holds(worker, job, token, now):
            return False
        self.release(job)
        n = self.attempts[job]
        heapq.heappush(self.retries, (now + self.base * 2 ** (n - 1), next(self.seq), job))
        return True

    def holder(self, job, now):
        self.catch_up(now)
        return self.leases.get(job)

    def dead_letters(self):
        return list(self.dead)

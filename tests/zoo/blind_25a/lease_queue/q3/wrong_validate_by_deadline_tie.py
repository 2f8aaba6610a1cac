# stale entries recognised by (deadline, token): a heartbeat landing on the same deadline leaves the old entry looking live, so it keeps its old rank among equal deadlines ("among equal deadlines it now counts as set last")
import heapq
import itertools
from collections import deque


class _Lease:
    RETRY = False

    def __init__(self, lease_for, max_attempts=None, base=1):
        self.lease_for = lease_for
        self.max_attempts = max_attempts
        self.base = base
        self.ready = deque()
        self.leases = {}
        self.heap = []
        self.retry = []
        self.attempts = {}
        self.dead = []
        self.tokens = itertools.count(1)
        self.seq = itertools.count()

    def put(self, job, now):
        self.catch_up(now)
        self.ready.append(job)

    def lease(self, worker, now):
        self.catch_up(now)
        if not self.ready:
            return None
        job = self.ready.popleft()
        token = next(self.tokens)
        self.attempts[job] = self.attempts.get(job, 0) + 1
        self.hold(job, worker, token, now + self.lease_for)
        return (job, token)

    def hold(self, job, worker, token, expires_at):
        s = next(self.seq)
        self.leases[job] = (worker, token, expires_at, s)
        heapq.heappush(self.heap, (expires_at, s, job, token))

    def holds(self, worker, job, token, now):
        l = self.leases.get(job)
        return l is not None and l[0] == worker and l[1] == token and now < l[2]

    def ack(self, worker, job, token, now):
        self.catch_up(now)
        if not self.holds(worker, job, token, now):
            return False
        del self.leases[job]
        return True

    def heartbeat(self, worker, job, token, now):
        self.catch_up(now)
        if not self.holds(worker, job, token, now):
            return False
        self.hold(job, worker, token, now + self.lease_for)
        return True

    def fail(self, worker, job, token, now):
        self.catch_up(now)
        if not self.holds(worker, job, token, now):
            return False
        del self.leases[job]
        self.end_attempt(job, now)
        return True

    def holder(self, job, now):
        self.catch_up(now)
        l = self.leases.get(job)
        if l is None:
            return None
        return (l[0], l[1], l[2])

    def catch_up(self, now):
        while self.heap and self.heap[0][0] <= now:
            exp, s, job, tok = heapq.heappop(self.heap)
            l = self.leases.get(job)
            if l is None or l[1] != tok or l[2] != exp:
                continue
            del self.leases[job]
            self.expired(job, exp)
        while self.retry and self.retry[0][0] <= now:
            _, _, job = heapq.heappop(self.retry)
            self.ready.append(job)

    def expired(self, job, when):
        self.end_attempt(job, when)

    def end_attempt(self, job, when):
        if not self.RETRY:
            self.ready.append(job)
            return
        n = self.attempts[job]
        if n >= self.max_attempts:
            self.dead.append(job)
        else:
            heapq.heappush(self.retry, (when + self.base * 2 ** (n - 1), next(self.seq), job))

    def dead_letters(self):
        return list(self.dead)


class HeartbeatQueue(_Lease):
    RETRY = False

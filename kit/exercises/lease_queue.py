"""Exercises for 05_lease_queue: one lease queue grown level by level, then a delayed queue.

The learner writes small classes with time passed in (`now`) on every call:

- q1 `BorrowQueue(lease_for)`: `put(job, now)`, `lease(worker, now) -> (job, token) | None`,
  `ack(worker, job, token, now) -> bool`;
- q2 `ExpiringQueue(lease_for)`: the same API, and a lease now runs out (held while
  `now < expires_at`), after which the job is ready again;
- q3 `HeartbeatQueue(lease_for)`: adds `heartbeat(worker, job, token, now) -> bool`;
- q4 `RetryQueue(lease_for, max_attempts, base)`: adds `fail(...) -> bool` and
  `dead_letters() -> list`; an attempt that ends badly waits `base * 2**(attempt - 1)` first;
- q5 `DelayedJobs()`: `schedule(name, at, payload)`, `cancel(name) -> bool`,
  `pop_due(now) -> [(name, payload), ...]`.

A case is plain data: the constructor's arguments and a list of operations written as short
strings ("t=3 ack w1 #1": at time 3, worker w1 acks the first grant). `replay` runs them on a fresh
instance and returns one string per operation with what it returned, so a check compares every
observation with the reference and names the first step that differs.

The references for q1-q4 are the kit's own `kit.lease.LeaseQueue` behind the learner's API (so
the exercises and the core can never disagree); q5's is `kit.delayed.DelayedQueue`. What
`solution()` shows is a short, self-contained class per level (`BorrowQueue` ... `DelayedJobs`).
"""

import heapq
import itertools
from collections import Counter, deque
from dataclasses import dataclass

from hypothesis import strategies as st

from kit.checks.engine import Pitfall, Problem
from kit.clock import FakeClock
from kit.delayed import DelayedQueue
from kit.lease import Lease, LeaseQueue

WORKERS = ("w1", "w2")
JOBS = "ABC"
Q1_LEASE_FOR = 30  # q1 never lets a lease run out: every case ends before t = 30


@dataclass
# -- the references: the kit's core behind the learner's API -----------------------------------
class CoreLeases:
    """`kit.lease.LeaseQueue` on a FakeClock that is moved to `now` before every call."""

    def __init__(self, lease_for, max_attempts=None, base=None):
        self.clock = FakeClock(0)
        retry = (lambda r: 0) if base is None else (lambda r: base * 2 ** r)
        self.queue = LeaseQueue(self.clock, lease_for, max_attempts or 10 ** 9, retry_delay=retry)

    def _at(self, now):
        self.clock.advance(now - self.clock.now())
        return self.queue

    def put(self, job, now):
        self._at(now).put(job)

    def lease(self, worker, now):
        grant = self._at(now).lease(worker)
        return None if grant is None else (grant.job, grant.token)

    def ack(self, worker, job, token, now):
        return self._at(now).ack(Lease(job, worker, 0, 0, token))

    def heartbeat(self, worker, job, token, now):
        return self._at(now).heartbeat(Lease(job, worker, 0, 0, token))

    def fail(self, worker, job, token, now):
        return self._at(now).fail(Lease(job, worker, 0, 0, token))

    def dead_letters(self):
        return [d.job for d in self.queue.dead_letters]


def core_retry_queue(lease_for, max_attempts, base):
    return CoreLeases(lease_for, max_attempts, base)


class CoreDelayed:
    """`kit.delayed.DelayedQueue` with a payload kept for each scheduled name."""

    def __init__(self):
        self.queue, self.payloads = DelayedQueue(), {}

    def schedule(self, name, at, payload):
        self.queue.schedule(name, at)
        self.payloads[name] = payload

    def cancel(self, name):
        return self.queue.cancel(name)

    def pop_due(self, now):
        return [(name, self.payloads[name]) for name in self.queue.pop_due(now)]


# -- what solution() shows: one small class per level ------------------------------------------
class BorrowQueue:
    """q1: lend the oldest ready job to a worker; only that grant's ack finishes it."""

    def __init__(self, lease_for):
        self.lease_for = lease_for
        self.ready = deque()  # job ids, oldest first
        self.held = {}  # job -> (worker, token, expires_at) of its one live lease
        self.tokens = itertools.count(1)  # a new token for every grant

    def put(self, job, now):
        self.catch_up(now)
        self.ready.append(job)

    def lease(self, worker, now):
        self.catch_up(now)
        if not self.ready:
            return None
        job, token = self.ready.popleft(), next(self.tokens)
        self.hold(job, worker, token, now + self.lease_for)
        return job, token

    def ack(self, worker, job, token, now):
        self.catch_up(now)
        if not self.holds(worker, job, token):
            return False
        del self.held[job]  # done: it will never be handed out again
        return True

    def holds(self, worker, job, token):
        """Is this the live grant: same worker and same token?"""
        return job in self.held and self.held[job][:2] == (worker, token)

    def hold(self, job, worker, token, expires_at):
        self.held[job] = (worker, token, expires_at)

    def catch_up(self, now):
        """Apply what the passing of time implies. Nothing yet: leases do not run out in q1."""


class ExpiringQueue(BorrowQueue):
    """q2: a lease is held while now < expires_at; at exactly expires_at it has expired."""

    def __init__(self, lease_for):
        super().__init__(lease_for)
        self.expiries = []  # min-heap of (expires_at, seq, job, token); stale entries skipped
        self.seq = itertools.count()  # ties never compare jobs

    def hold(self, job, worker, token, expires_at):
        super().hold(job, worker, token, expires_at)
        heapq.heappush(self.expiries, (expires_at, next(self.seq), job, token))

    def catch_up(self, now):
        while self.expiries and not now < self.expiries[0][0]:  # the expiry rule, negated
            expires_at, _, job, token = heapq.heappop(self.expiries)
            if self.held.get(job, (None, None, None))[1:] == (token, expires_at):  # still live
                del self.held[job]
                self.expired(job, expires_at)

    def expired(self, job, when):
        self.ready.append(job)  # ready again at once (q4 adds a backoff)


class HeartbeatQueue(ExpiringQueue):
    """q3: the live holder may push its deadline to now + lease_for."""

    def heartbeat(self, worker, job, token, now):
        self.catch_up(now)  # an expired lease cannot be revived
        if not self.holds(worker, job, token):
            return False
        self.hold(job, worker, token, now + self.lease_for)  # the old heap entry goes stale
        return True


class RetryQueue(HeartbeatQueue):
    """q4: a failed or expired attempt waits base * 2**(attempt - 1), or is dead-lettered."""

    def __init__(self, lease_for, max_attempts, base):
        super().__init__(lease_for)
        self.max_attempts, self.base = max_attempts, base
        self.attempts = Counter()  # job -> leases granted so far
        self.waiting = []  # min-heap of (ready_at, seq, job)
        self.dead = []

    def lease(self, worker, now):
        grant = super().lease(worker, now)
        if grant is not None:
            self.attempts[grant[0]] += 1
        return grant

    def fail(self, worker, job, token, now):
        self.catch_up(now)
        if not self.holds(worker, job, token):
            return False
        del self.held[job]
        self.expired(job, now)  # a failure ends the attempt just like an expiry
        return True

    def expired(self, job, when):
        attempt = self.attempts[job]
        if attempt >= self.max_attempts:
            self.dead.append(job)  # no retrying forever
        else:
            delay = self.base * 2 ** (attempt - 1)
            heapq.heappush(self.waiting, (when + delay, next(self.seq), job))

    def catch_up(self, now):
        super().catch_up(now)  # expiries first: they may schedule retries that are due too
        while self.waiting and self.waiting[0][0] <= now:
            self.ready.append(heapq.heappop(self.waiting)[2])

    def dead_letters(self):
        return list(self.dead)


class DelayedJobs:
    """q5: a heap on (at, seq); cancel marks the name's current entry dead (lazy deletion)."""

    def __init__(self):
        self.heap = []  # (at, seq, name, payload); seq breaks ties, so payloads never compare
        self.live = {}  # name -> seq of its current entry
        self.seq = itertools.count()

    def schedule(self, name, at, payload):
        seq = next(self.seq)
        self.live[name] = seq
        heapq.heappush(self.heap, (at, seq, name, payload))

    def cancel(self, name):
        return self.live.pop(name, None) is not None

    def pop_due(self, now):
        due = []
        while self.heap and self.heap[0][0] <= now:
            _, seq, name, payload = heapq.heappop(self.heap)
            if self.live.get(name) == seq:  # skip entries that were cancelled or replaced
                del self.live[name]
                due.append((name, payload))
        return due


# -- replaying operations ---------------------------------------------------------------------
def _verdict(value) -> str:
    if value is True:
        return "accepted"
    if value is False:
        return "rejected"
    return f"returned {value!r} (expected True or False)"


def replay(answer, case) -> list[str]:
    """Build `answer(*params)`, run the operations, describe what each call returned.

    "t=1 lease w1" calls lease("w1", 1); the n-th job handed out is grant #n. "t=5 ack w2 #1"
    calls ack("w2", job, token, 5) with grant #1's job and token (w2 may not be its holder).
    """
    *params, ops = case
    queue = answer(*params)
    grants, seen = [], []
    for op in ops:
        when, kind, who, *ref = op.split()
        now = int(when[2:])
        if kind == "put":
            queue.put(who, now)
            seen.append(op)
        elif kind == "lease":
            grant = queue.lease(who, now)
            if grant is None:
                seen.append(f"{op} → nothing")
            else:
                job, token = grant
                grants.append((job, token))
                seen.append(f"{op} → {job} #{len(grants)}")
        else:
            k = int(ref[0][1:])
            if k > len(grants):
                seen.append(f"{op} → skipped: there is no grant #{k}")
                continue
            job, token = grants[k - 1]
            seen.append(f"{op} → {_verdict(getattr(queue, kind)(who, job, token, now))}")
    if hasattr(queue, "dead_letters") and len(params) == 3:
        seen.append(f"dead letters: {queue.dead_letters()!r}")
    return seen


def first_difference(case, expected, got) -> str | None:
    if got == expected:
        return None
    for i, (want, have) in enumerate(zip(expected, got, strict=False)):
        if want != have:
            return f"step {i + 1}: expected “{want}”, got “{have}”"
    return "the answer made a different number of observations"


# one raw step: (which operation, time gap - 1, which worker or grant, act as the other worker?)
_RAW_STEPS = st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3), st.integers(0, 3),
                                st.booleans()), min_size=1, max_size=8)


@st.composite
def lease_programs(draw, level: int):
    """(params..., ops): up to 8 operations at strictly increasing times, turned from raw steps
    while running the reference, so that acks, heartbeats and fails name grants that exist.
    Raw steps shrink towards: lease, a gap of one tick, the latest grant, acted on by its holder."""
    if level == 1:
        params = (Q1_LEASE_FOR,)
    elif level < 4:
        params = (draw(st.integers(2, 4)),)
    else:
        params = (draw(st.integers(2, 4)), draw(st.integers(1, 3)), draw(st.integers(1, 2)))
    queue = CoreLeases(*params) if level < 4 else core_retry_queue(*params)
    kinds = ["lease", "put", "ack", "heartbeat", "fail"][: {1: 3, 2: 3, 3: 4, 4: 5}[level]]
    ops, grants, jobs, now = [], [], iter(JOBS), 0
    for i, (which, gap, pick, other) in enumerate(draw(_RAW_STEPS)):
        now += (1 + gap % (3 if level == 1 else 4)) if i else 0
        kind = kinds[which % len(kinds)] if i else "put"
        if kind == "put":
            job = next(jobs, None)
            if job is not None:
                ops.append(f"t={now} put {job}")
                queue.put(job, now)
                continue
            kind = "lease"
        if kind != "lease" and not grants:
            kind = "lease"
        if kind == "lease":
            worker = WORKERS[pick % len(WORKERS)]
            grant = queue.lease(worker, now)
            if grant is not None:
                grants.append((worker, *grant))
            ops.append(f"t={now} lease {worker}")
            continue
        k = len(grants) - pick % len(grants)  # 1-based; pick 0 is the latest grant
        holder, job, token = grants[k - 1]
        worker = [w for w in WORKERS if w != holder][0] if other else holder
        getattr(queue, kind)(worker, job, token, now)
        ops.append(f"t={now} {kind} {worker} #{k}")
    return (*params, ops)


# -- q1: lease and ack ------------------------------------------------------------------------
class _AnyWorkerAcks(BorrowQueue):
    def holds(self, worker, job, token):
        return job in self.held and self.held[job][1] == token


class _AckedTwice(BorrowQueue):
    def ack(self, worker, job, token, now):
        return self.holds(worker, job, token)  # never forgets the grant


class _Stack(BorrowQueue):
    def lease(self, worker, now):
        if not self.ready:
            return None
        job, token = self.ready.pop(), next(self.tokens)
        self.hold(job, worker, token, now + self.lease_for)
        return job, token


WRONG_WORKER = "acks from the wrong worker"
q1 = Problem(
    name="BorrowQueue",
    arg_names=("lease_for", "operations"),
    cases=lease_programs(1),
    reference=CoreLeases,
    solution_source=BorrowQueue,
    run=replay,
    judge=first_difference,
    examples=[
        ("two jobs, two workers", (Q1_LEASE_FOR, ["t=0 put A", "t=1 put B", "t=2 lease w1",
                                                  "t=3 lease w2", "t=4 ack w2 #2",
                                                  "t=5 ack w1 #1", "t=6 lease w1"])),
        ("w2 acks w1's grant", (Q1_LEASE_FOR, ["t=0 put A", "t=1 lease w1", "t=2 ack w2 #1",
                                               "t=3 ack w1 #1"])),
    ],
    pitfalls=[
        Pitfall(WRONG_WORKER, "an ack counts only from the worker that holds the lease: "
                "compare the worker too, not just the token", _AnyWorkerAcks),
        Pitfall("an acked job acked again", "after an accepted ack the job is done: forget its "
                "lease, so a second ack (or a duplicate message) is rejected", _AckedTwice),
        Pitfall("newest job first", "a queue lends the job that has waited longest: take from "
                "the front (deque.popleft), not the end", _Stack),
    ],
    hints=["Keep the ready jobs in a deque, and a dict job -> (worker, token) for the leased ones.",
           "lease: popleft a job, make a new token (itertools.count), remember who holds it.",
           "ack: accept only if held[job] == (worker, token); then delete it and return True."],
)


# -- q2: expiry at the exact tick -------------------------------------------------------------
class _Inclusive(ExpiringQueue):
    def catch_up(self, now):
        while self.expiries and self.expiries[0][0] < now:  # still held at expires_at
            expires_at, _, job, token = heapq.heappop(self.expiries)
            if self.held.get(job, (None, None, None))[1:] == (token, expires_at):
                del self.held[job]
                self.expired(job, expires_at)


class _NoTokenCheck(ExpiringQueue):
    def holds(self, worker, job, token):
        return job in self.held and self.held[job][0] == worker


class _ExpireOnlyInLease(ExpiringQueue):
    def ack(self, worker, job, token, now):
        if not self.holds(worker, job, token):
            return False
        del self.held[job]
        return True


INCLUSIVE = "inclusive vs exclusive expiry"
OLDER_LEASE = "acks from an older lease"
q2 = Problem(
    name="ExpiringQueue",
    arg_names=("lease_for", "operations"),
    cases=lease_programs(2),
    reference=CoreLeases,
    solution_source=ExpiringQueue,
    run=replay,
    judge=first_difference,
    examples=[
        ("an ack at exactly expires_at", (3, ["t=0 put A", "t=1 lease w1", "t=4 ack w1 #1",
                                              "t=5 lease w2"])),
        ("a lease at exactly expires_at", (3, ["t=0 put A", "t=1 lease w1", "t=4 lease w2"])),
        ("w1's first lease comes back", (2, ["t=0 put A", "t=1 lease w1", "t=3 lease w1",
                                             "t=4 ack w1 #1", "t=5 ack w1 #2"])),
    ],
    pitfalls=[
        Pitfall(INCLUSIVE, "a lease taken at t for L is held while now < t + L; at exactly "
                "t + L it has expired (the job is ready again, a late ack is rejected). "
                "Test `now < expires_at`, not `<=`", _Inclusive),
        Pitfall(OLDER_LEASE, "the same worker can hold the job twice (its first lease expired, "
                "then it leased the job again): only the current grant's token may ack",
                _NoTokenCheck),
        Pitfall("expiry noticed only when leasing", "every call must first apply the expiries "
                "due by now; otherwise an ack after the deadline is accepted",
                _ExpireOnlyInLease),
    ],
    hints=["Every method first catches up: it expires every lease whose deadline is <= now.",
           "Keep a min-heap of (expires_at, seq, job, token); pop while the top has expired, and "
           "skip entries whose lease is no longer the live one (acked, or replaced).",
           "Held while now < expires_at. An expired job goes to the back of the ready line."],
)


# -- q3: heartbeat ----------------------------------------------------------------------------
class _ExtendOldDeadline(HeartbeatQueue):
    def heartbeat(self, worker, job, token, now):
        self.catch_up(now)
        if not self.holds(worker, job, token):
            return False
        self.hold(job, worker, token, self.held[job][2] + self.lease_for)
        return True


class _Revives(HeartbeatQueue):
    def heartbeat(self, worker, job, token, now):  # no catch-up: a dead lease still looks held
        if not self.holds(worker, job, token):
            return False
        self.hold(job, worker, token, now + self.lease_for)
        return True


class _StaleEntryExpires(HeartbeatQueue):
    def catch_up(self, now):
        while self.expiries and not now < self.expiries[0][0]:
            expires_at, _, job, token = heapq.heappop(self.expiries)
            if self.held.get(job, (None, None))[1] == token:  # ignores the newer deadline
                del self.held[job]
                self.expired(job, expires_at)


q3 = Problem(
    name="HeartbeatQueue",
    arg_names=("lease_for", "operations"),
    cases=lease_programs(3),
    reference=CoreLeases,
    solution_source=HeartbeatQueue,
    run=replay,
    judge=first_difference,
    examples=[
        ("a heartbeat, then the old deadline passes",
         (3, ["t=0 put A", "t=1 lease w1", "t=3 heartbeat w1 #1", "t=4 lease w2",
              "t=6 lease w2"])),
        ("a heartbeat at exactly expires_at", (2, ["t=0 put A", "t=1 lease w1",
                                                   "t=3 heartbeat w1 #1", "t=4 ack w1 #1"])),
    ],
    pitfalls=[
        Pitfall("heartbeat extends the old deadline", "a heartbeat means 'I am alive now': the "
                "lease runs until now + lease_for, not expires_at + lease_for",
                _ExtendOldDeadline),
        Pitfall("an expired lease revived by a heartbeat", "catch up first: at or after "
                "expires_at the lease is gone, and a heartbeat must be rejected", _Revives),
        Pitfall("the old deadline still expires the lease", "a heartbeat leaves the earlier "
                "heap entry behind; when it reaches the top, check it is still the live deadline "
                "(lazy deletion) before expiring anything", _StaleEntryExpires),
    ],
    hints=["A heartbeat is accepted exactly when an ack would be; it moves the deadline.",
           "Push a new heap entry for the new deadline; the old one stays in the heap.",
           "When an entry reaches the top, expire the job only if that entry's deadline is the "
           "live one (compare expires_at, or keep a sequence number per lease)."],
)


# -- q4: retries with backoff and the dead-letter queue ---------------------------------------
class _RetryForever(RetryQueue):
    def expired(self, job, when):
        attempt = self.attempts[job]
        heapq.heappush(self.waiting, (when + self.base * 2 ** (attempt - 1), next(self.seq), job))


class _OneTooMany(RetryQueue):
    def expired(self, job, when):
        attempt = self.attempts[job]
        if attempt > self.max_attempts:
            self.dead.append(job)
        else:
            delay = self.base * 2 ** (attempt - 1)
            heapq.heappush(self.waiting, (when + delay, next(self.seq), job))


class _NoBackoff(RetryQueue):
    def expired(self, job, when):
        if self.attempts[job] >= self.max_attempts:
            self.dead.append(job)
        else:
            self.ready.append(job)


class _FlatBackoff(RetryQueue):
    def expired(self, job, when):
        if self.attempts[job] >= self.max_attempts:
            self.dead.append(job)
        else:
            heapq.heappush(self.waiting, (when + self.base, next(self.seq), job))


RETRY_FOREVER = "retrying forever"
q4 = Problem(
    name="RetryQueue",
    arg_names=("lease_for", "max_attempts", "base", "operations"),
    cases=lease_programs(4),
    reference=core_retry_queue,
    solution_source=RetryQueue,
    run=replay,
    judge=first_difference,
    examples=[
        ("a poison job", (5, 2, 1, ["t=0 put P", "t=1 lease w1", "t=2 fail w1 #1",
                                    "t=3 lease w1", "t=4 fail w1 #2", "t=9 lease w2"])),
        ("an expiry, then backoff", (2, 3, 2, ["t=0 put A", "t=1 lease w1", "t=4 lease w2",
                                               "t=5 lease w2"])),
        ("the second retry waits twice as long", (2, 3, 1, ["t=0 put A", "t=1 lease w1",
                                                            "t=4 lease w1", "t=7 lease w1"])),
        ("retries due together leave in order", (5, 3, 1, [
            "t=0 put A", "t=1 put B", "t=2 lease w1", "t=3 lease w2", "t=4 fail w2 #2",
            "t=5 fail w1 #1", "t=7 lease w1", "t=8 lease w2"])),
        ("one attempt allowed: the first expiry is the last", (2, 1, 1, [
            "t=0 put A", "t=1 lease w1", "t=4 lease w1", "t=7 lease w1"])),
        ("two attempts: dead after the second expiry", (2, 2, 1, [
            "t=0 put A", "t=1 lease w1", "t=4 lease w1", "t=8 lease w1", "t=13 lease w1"])),
    ],
    pitfalls=[
        Pitfall(RETRY_FOREVER, "a poison message would burn a worker forever: after "
                "max_attempts attempts the job goes to the dead-letter queue", _RetryForever),
        Pitfall("one attempt too many", "max_attempts counts every lease, the first one "
                "included: dead-letter when attempts >= max_attempts", _OneTooMany),
        Pitfall("no backoff", "a failed job is not ready at once: retry after "
                "base * 2**(attempt - 1)", _NoBackoff),
        Pitfall("backoff that does not grow", "each retry waits twice as long as the one "
                "before: base, 2·base, 4·base, ...", _FlatBackoff),
    ],
    hints=["Count leases per job. When an attempt ends (fail, or expiry), either dead-letter the "
           "job (attempts >= max_attempts) or schedule it for when + base * 2**(attempt - 1).",
           "Scheduled retries wait in a second heap (ready_at, seq, job); catch-up moves the due "
           "ones (ready_at <= now) to the back of the ready line, earliest first.",
           "Catch up expiries before retries: an expiry may schedule a retry that is due now."],
)


# -- q5: the delayed queue with lazy cancel ---------------------------------------------------
def replay_delayed(answer, case) -> list[str]:
    """Run "schedule A at 3", "cancel A", "pop_due 4" on a fresh `answer()`. The payload of the
    schedule at step i is the dict {"step": i}."""
    (ops,) = case
    queue, seen = answer(), []
    for i, op in enumerate(ops, 1):
        kind, *args = op.split()
        if kind == "schedule":
            queue.schedule(args[0], int(args[2]), {"step": i})
            seen.append(op)
        elif kind == "cancel":
            seen.append(f"{op} → {queue.cancel(args[0])!r}")
        else:
            due = [f"{name} {payload}" for name, payload in queue.pop_due(int(args[0]))]
            seen.append(f"{op} → {', '.join(due) if due else 'nothing'}")
    return seen


@st.composite
def delayed_programs(draw):
    """Up to 8 operations from raw steps (which operation, name, time): schedule a name that is
    not scheduled now (at 0..3), cancel any name, pop_due at a time that never goes back."""
    ops, queue, now = [], CoreDelayed(), 0
    raw = st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 3))
    for which, pick, t in draw(st.lists(raw, min_size=1, max_size=8)):
        kind = ("schedule", "pop_due", "cancel")[which]
        free = [n for n in JOBS if n not in queue.queue]
        if kind == "schedule" and free:
            name = free[pick % len(free)]
            ops.append(f"schedule {name} at {t}")
            queue.schedule(name, t, None)
        elif kind == "cancel":
            name = JOBS[pick]
            ops.append(f"cancel {name}")
            queue.cancel(name)
        else:
            now += t % 3
            ops.append(f"pop_due {now}")
            queue.pop_due(now)
    return (ops,)


class _NameTieBreak(DelayedJobs):
    def schedule(self, name, at, payload):
        self.live[name] = (at, payload)
        heapq.heappush(self.heap, (at, name, payload))

    def pop_due(self, now):
        due = []
        while self.heap and self.heap[0][0] <= now:
            at, name, payload = heapq.heappop(self.heap)
            if self.live.get(name) == (at, payload):
                del self.live[name]
                due.append((name, payload))
        return due


class _JobDicts(DelayedJobs):
    def schedule(self, name, at, payload):
        job = {"name": name, "payload": payload}
        self.live[name] = job
        heapq.heappush(self.heap, (at, job))

    def pop_due(self, now):
        due = []
        while self.heap and self.heap[0][0] <= now:
            _, job = heapq.heappop(self.heap)
            if self.live.get(job["name"]) is job:
                del self.live[job["name"]]
                due.append((job["name"], job["payload"]))
        return due


class _Strict(DelayedJobs):
    def pop_due(self, now):
        due = []
        while self.heap and self.heap[0][0] < now:  # a job due exactly now stays behind
            _, seq, name, payload = heapq.heappop(self.heap)
            if self.live.get(name) == seq:
                del self.live[name]
                due.append((name, payload))
        return due


class _CancelByName(DelayedJobs):
    """Lazy cancel with a set of cancelled names: scheduling the name again un-cancels it, so
    the old entry comes back to life too."""

    def __init__(self):
        super().__init__()
        self.cancelled = set()

    def schedule(self, name, at, payload):
        self.cancelled.discard(name)
        self.live[name] = True
        heapq.heappush(self.heap, (at, next(self.seq), name, payload))

    def cancel(self, name):
        if name not in self.live:
            return False
        del self.live[name]
        self.cancelled.add(name)
        return True

    def pop_due(self, now):
        due = []
        while self.heap and self.heap[0][0] <= now:
            _, _, name, payload = heapq.heappop(self.heap)
            if name not in self.cancelled:
                self.live.pop(name, None)
                due.append((name, payload))
        return due


class _CancelIgnored(DelayedJobs):
    def pop_due(self, now):
        due = []
        while self.heap and self.heap[0][0] <= now:
            _, seq, name, payload = heapq.heappop(self.heap)
            self.live.pop(name, None)
            due.append((name, payload))
        return due


NO_TIE_BREAKER = "heap without a tie-breaker"
q5 = Problem(
    name="DelayedJobs",
    arg_names=("operations",),
    cases=delayed_programs(),
    reference=CoreDelayed,
    solution_source=DelayedJobs,
    run=replay_delayed,
    judge=first_difference,
    examples=[
        ("two jobs due at the same time", (["schedule B at 2", "schedule A at 2",
                                            "pop_due 2"],)),
        ("cancel, then schedule again", (["schedule A at 1", "cancel A", "schedule A at 1",
                                          "pop_due 3", "cancel A"],)),
    ],
    pitfalls=[
        Pitfall(NO_TIE_BREAKER, "entries (at, name, payload) compare the names when times tie "
                "(so equal times leave in name order, not FIFO), and the payloads when the names "
                "tie too (TypeError). Put a counter after the time: (at, seq, name, payload)",
                _NameTieBreak),
        Pitfall(NO_TIE_BREAKER + " (payloads compared)", "entries (at, job_dict): two jobs due "
                "at the same time make heapq compare two dicts, and that raises TypeError. "
                "Put a counter after the time: (at, seq, job)", _JobDicts),
        Pitfall("due at exactly now left waiting", "a job scheduled at `at` is due when "
                "now >= at: pop while heap[0][0] <= now", _Strict),
        Pitfall("lazy cancel by name only", "after cancel A and a new schedule A, the old "
                "entry must stay dead: remember which entry (seq) is current for each name, not "
                "just which names were cancelled", _CancelByName),
        Pitfall("cancelled job still comes out", "cancel only marks the entry: pop_due must "
                "skip entries that are no longer current", _CancelIgnored),
    ],
    hints=["Heap entries (at, seq, name, payload) with seq from itertools.count(): equal times "
           "come out in scheduling order and payloads are never compared.",
           "Lazy cancel: keep live = {name: seq of its current entry}; cancel deletes the name; "
           "pop_due pops every entry with at <= now and keeps only those still current.",
           "cancel returns True only for a name that is scheduled and not yet popped."],
)

PROBLEMS = [q1, q2, q3, q4, q5]

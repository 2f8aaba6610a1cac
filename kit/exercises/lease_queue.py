"""Exercises for 05_lease_queue: one lease queue grown level by level, then a delayed queue.

The learner writes small classes with time passed in (`now`) on every call:

- q1 `BorrowQueue(lease_for)`: `put(job, now)`, `lease(worker, now) -> (job, token) | None`,
  `ack(worker, job, token, now) -> bool`, `holder(job, now) -> (worker, token, expires_at) | None`;
- q2 `ExpiringQueue(lease_for)`: the same API, and a lease now runs out (held while
  `now < expires_at`), after which the job is ready again; found with a heap, not a scan;
- q3 `HeartbeatQueue(lease_for)`: adds `heartbeat(worker, job, token, now) -> bool`;
- q4 `RetryQueue(lease_for, max_attempts, base)`: adds `fail(...) -> bool` and
  `dead_letters() -> list`; an attempt that ends badly waits before the job is ready again;
- q5 `DelayedJobs()`: `schedule(name, at, payload)`, `cancel(name) -> bool` in O(1),
  `pop_due(now) -> [(name, payload), ...]`.

A case is plain data: the constructor's arguments and a program of operations written as short
strings ("t=3 ack w1 #1": at time 3, worker w1 acks the first grant; "t=9 look": no call, only the
observers at time 9), replayed by `kit.checks.programs`. `replay` writes one line per operation:
what the call returned and, for every job put so far, who holds it with which grant's token until
when (and, in q4, the dead letters). Then one line per job says where it ended up. Job names are
drawn apart from the order they are put in, several operations often share a tick, and observers
are asked between operations, at the tick of the next one, and long after the last.

The answers are the classes `BorrowQueue` ... `DelayedJobs` below (the text `solution()` shows and
the notebook holds). The references are the kit's own `kit.lease.LeaseQueue` and
`kit.delayed.DelayedQueue` behind the learner's API, so the exercises and the core cannot
disagree. Cost promises are checked by counting: in the named case "many leases at once" every
time is a `kit.checks.meter.Int`, an int that counts how often it is compared, so a scan of every
lease on each call shows up as thousands of comparisons where a heap needs a few per call.
"""

import heapq
import itertools
import math
from collections import Counter, deque

from hypothesis import strategies as st

from kit.checks import Pitfall, Problem, a_kind, meter, programs, too_slow
from kit.checks.answers import compile_answer, edited, namespace_of, shown, source_of
from kit.clock import FakeClock
from kit.delayed import DelayedQueue
from kit.lease import Lease, LeaseQueue, exponential_retry

WORKERS = ("w1", "w2")
NAMES = "ABCDEFGH"  # job names are drawn from these, apart from the order jobs are put in
Q1_LEASE_FOR = 30  # q1 never lets a lease run out: every case ends before t = 25
STRESS = 1000  # jobs in the cost case: enough for n² to dwarf n·log n


# -- the answers: what solution() shows, the notebook holds and each pitfall edits --------------
class BorrowQueue:
    """q1: lend the job ready longest; only the live grant's ack finishes it."""

    def __init__(self, lease_for):
        self.lease_for = lease_for
        self.ready = deque()  # job ids, oldest first
        self.held = {}  # job -> (worker, token, expires_at) of its one live lease
        self.tokens = itertools.count()  # a new token for every grant

    def put(self, job, now):
        """The job joins the back of the ready line."""
        self.ready.append(job)

    def lease(self, worker, now):
        """Lend the job ready longest to worker until now + lease_for: (job, token), or None."""
        if not self.ready:
            return None
        job, token = self.ready.popleft(), next(self.tokens)
        self.hold(job, worker, token, now + self.lease_for)
        return job, token

    def ack(self, worker, job, token, now):
        """True, and the job is done, only from the live lease's worker with its token."""
        if not self.holds(worker, job, token, now):
            return False
        del self.held[job]  # done: it is never handed out again
        return True

    def holder(self, job, now):
        """(worker, token, expires_at) of the live lease on job, or None."""
        return self.held.get(job)

    def holds(self, worker, job, token, now):
        """Is (worker, token) the live lease on job?"""
        lease = self.held.get(job)
        return lease is not None and lease[:2] == (worker, token)

    def hold(self, job, worker, token, expires_at):
        """Record the live lease on job."""
        self.held[job] = (worker, token, expires_at)


class ExpiringQueue(BorrowQueue):
    """q2: a lease is held while now < expires_at; every call first expires what is due."""

    def __init__(self, lease_for):
        super().__init__(lease_for)
        self.expiries = []  # min-heap of (expires_at, seq, job); stale entries are skipped
        self.seq = itertools.count()  # equal deadlines leave in the order they were set
        self.deadline_set = {}  # job -> seq of its live deadline's entry

    def put(self, job, now):
        self.catch_up(now)
        super().put(job, now)

    def lease(self, worker, now):
        self.catch_up(now)
        return super().lease(worker, now)

    def holder(self, job, now):
        self.catch_up(now)
        return super().holder(job, now)

    def holds(self, worker, job, token, now):
        self.catch_up(now)
        return super().holds(worker, job, token, now)

    def hold(self, job, worker, token, expires_at):
        super().hold(job, worker, token, expires_at)
        self.deadline_set[job] = seq = next(self.seq)
        heapq.heappush(self.expiries, (expires_at, seq, job))

    def catch_up(self, now):
        """Expire every live lease whose deadline is <= now, earliest first."""
        while self.expiries and not now < self.expiries[0][0]:  # the expiry rule, negated
            expires_at, seq, job = heapq.heappop(self.expiries)
            if job in self.held and self.deadline_set[job] == seq:  # still the live one?
                del self.held[job]
                self.expired(job, expires_at)

    def expired(self, job, when):
        """The live lease on job ran out at `when`: the job is ready again at once."""
        self.ready.append(job)


class HeartbeatQueue(ExpiringQueue):
    """q3: the live holder may stretch its lease to now + lease_for, keeping its token."""

    def heartbeat(self, worker, job, token, now):
        """Accepted (True) like an ack; the lease then runs until now + lease_for, same token."""
        if not self.holds(worker, job, token, now):  # an expired lease cannot be revived
            return False
        self.hold(job, worker, token, now + self.lease_for)  # the old heap entry goes stale
        return True


class RetryQueue(HeartbeatQueue):
    """q4: an attempt that ends badly (fail, expiry) waits base * 2**(attempt - 1) before the
    job is ready again; after max_attempts attempts the job is dead instead."""

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
        """Accepted (True) like an ack; the attempt ends badly, now."""
        if not self.holds(worker, job, token, now):
            return False
        del self.held[job]
        self.expired(job, now)  # a failure ends the attempt as an expiry would
        return True

    def expired(self, job, when):
        if self.attempts[job] >= self.max_attempts:
            self.dead.append(job)  # no retrying forever
        else:
            ready_at = when + self.base * 2 ** (self.attempts[job] - 1)
            heapq.heappush(self.waiting, (ready_at, next(self.seq), job))

    def catch_up(self, now):
        super().catch_up(now)  # expiries first: they may schedule retries that are due too
        while self.waiting and self.waiting[0][0] <= now:
            self.ready.append(heapq.heappop(self.waiting)[2])

    def dead_letters(self):
        """The dead jobs, as a list, in the order they died."""
        return list(self.dead)


class DelayedJobs:
    """q5: a heap on (at, seq); cancel forgets the name's current entry (lazy deletion)."""

    def __init__(self):
        self.heap = []  # (at, seq, name, payload): seq breaks ties, payloads never compare
        self.live = {}  # name -> seq of its current entry
        self.seq = itertools.count()

    def schedule(self, name, at, payload):
        """Make name due at time `at`, carrying payload."""
        seq = next(self.seq)
        self.live[name] = seq
        heapq.heappush(self.heap, (at, seq, name, payload))

    def cancel(self, name):
        """True if name is scheduled (not popped or cancelled since), else False. O(1)."""
        return self.live.pop(name, None) is not None

    def pop_due(self, now):
        """Remove and return [(name, payload), ...] due by now: earliest first, ties FIFO."""
        due = []
        while self.heap and self.heap[0][0] <= now:
            _, seq, name, payload = heapq.heappop(self.heap)
            if self.live.get(name) == seq:  # skip entries cancelled or replaced since
                del self.live[name]
                due.append((name, payload))
        return due


class CancelledNames(DelayedJobs):
    """The slip "lazy cancel by name": a set of cancelled names, so a name scheduled again after
    its cancel stays cancelled for ever."""

    def __init__(self):
        super().__init__()
        self.cancelled = set()

    def cancel(self, name):
        if name in self.live and name not in self.cancelled:
            self.cancelled.add(name)
            return True
        return False

    def pop_due(self, now):
        due = []
        while self.heap and self.heap[0][0] <= now:
            _, seq, name, payload = heapq.heappop(self.heap)
            if name not in self.cancelled and self.live.get(name) == seq:
                del self.live[name]
                due.append((name, payload))
        return due


def rebuilt(answer, level, edits, pitfall: str):
    """`answer` rebuilt over an earlier `level` edited by a pitfall: a mistake made in an
    earlier level that only shows in this one (its text is still the one answer, edited)."""
    scope = dict(namespace_of(answer))
    scope[level.__name__] = edited(level, edits, pitfall)
    for cls in reversed(answer.__mro__[:answer.__mro__.index(level)]):
        scope[cls.__name__] = compile_answer(shown(source_of(cls)), cls.__name__, scope,
                                             f"pitfall {pitfall}")
    return scope[answer.__name__]


# -- the references: the kit's core behind the learner's API -----------------------------------
class CoreLeases:
    """`kit.lease.LeaseQueue` on a FakeClock that is moved to `now` before every call."""

    def __init__(self, lease_for, max_attempts=None, base=None):
        self.clock = FakeClock(0)
        retry = (lambda r: 0) if base is None else exponential_retry(base, cap=math.inf)
        self.queue = LeaseQueue(self.clock, lease_for, max_attempts or 10 ** 9, retry_delay=retry)

    def _at(self, now):
        self.clock.advance(int(now) - self.clock.now())
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

    def holder(self, job, now):
        grant = self._at(now).holder(job)
        return None if grant is None else (grant.worker, grant.token, grant.expires_at)

    def dead_letters(self):
        return [d.job for d in self.queue.dead_letters]


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


# -- counting comparisons: the cost promise ------------------------------------------------------
def budget(n: int) -> int:
    """Comparisons allowed for n jobs: a dozen per heap level per job, about 12·n·log2(n). A
    scan of every lease on each call needs about n² (8 times more at n = 1000)."""
    return 12 * n * n.bit_length()


def _metered(run, n: int):
    """(what `run()` returned, or None when it ran over the budget; comparisons it made)."""
    result, m = meter.measure(run, budget(n))
    return result, m.count


def stress_leases(queue, n: int, kinds: tuple[str, ...]) -> tuple[list[str], int]:
    """n jobs put, leased one tick apart, then each (heartbeat and) ack in turn: n leases live
    at once, none expiring. A heap compares a few times per call; a scan, n times."""

    def run():
        grants, accepted, clock = [], Counter(), itertools.count()
        for i in range(n):
            queue.put(NAMES[i % 8] + str(i), meter.Int(0))
        for i in range(n):
            grants.append(queue.lease(WORKERS[i % 2], meter.Int(next(clock))))
        for kind in kinds:
            for i, (job, token) in enumerate(grants):
                accepted[kind] += getattr(queue, kind)(WORKERS[i % 2], job, token,
                                                       meter.Int(next(clock))) is True
        return [f"{accepted[kind]} of {n} {kind}s accepted" for kind in kinds]

    return _metered(run, n)


def stress_delayed(queue, n: int) -> tuple[list[str], int]:
    """n names scheduled, then cancelled newest first: a heap search would visit them all."""

    def run():
        for i in range(n):
            queue.schedule(meter.Str(f"{NAMES[i % 8]}{i}"), meter.Int(i + 10), {"step": i})
        cancelled = sum(queue.cancel(meter.Str(f"{NAMES[i % 8]}{i}")) is True
                        for i in reversed(range(n)))
        due = queue.pop_due(meter.Int(0))
        return [f"{cancelled} of {n} cancels accepted", f"pop_due before anything is due: {due!r}"]

    return _metered(run, n)


def _too_slow(case, expected, got, what) -> str | None:
    """The judge of a cost case: the right answers first, then the comparisons counted.
    `what(n, *params)` says in words what the run counted did (no guess at which call was
    slow: the count is of the whole run)."""
    (want, _), (have, _) = expected, got
    n, *params = case[-1][1:]  # ("many ...", n, ...)
    if have is None:
        return too_slow(f"gives the right answers, but {what(n, *params)} took more than "
                       f"{budget(n):,} comparisons in all, where a heap needs a few per heap level "
                       "on each call: some call searches, scans or sorts every item")
    return first_difference(case, want, have)


# -- replaying operations ---------------------------------------------------------------------
def _verdict(value) -> str:
    if value is True:
        return "accepted"
    if value is False:
        return "rejected"
    return f"returned {value!r} (expected True or False)"


def _number(x) -> str:
    return f"{x:g}" if isinstance(x, int | float) and not isinstance(x, bool) else repr(x)


def _grant_of(token, grants) -> str:
    for k, (_, t) in enumerate(grants, 1):
        if t == token:
            return f"#{k}"
    return f"with a token no lease returned ({token!r})"


def _holding(value, grants) -> str:
    """What holder() returned, in words: 'w1 #2 until 7', or 'not held'."""
    if value is None:
        return "not held"
    if not isinstance(value, tuple) or len(value) != 3:
        return f"holder() returned {value!r} (expected a tuple (worker, token, expires_at) " \
            "or None)"
    worker, token, until = value
    return f"{worker} {_grant_of(token, grants)} until {_number(until)}"


# put in a first instance: a second instance that hands it out shares its state
DECOY = "another instance's job"


def replay(answer, case) -> list[str]:
    """Build `answer(*params)`, run the operations (`kit.checks.programs.replay`), describe what
    each call returned and, after it, who holds each job put so far; then where each job ended.

    "t=1 lease w1" calls lease("w1", 1); the n-th job handed out is grant #n. "t=5 ack w2 #1"
    calls ack("w2", job, token, 5) with grant #1's job and token (w2 may not be its holder);
    "t=5 ack w1 #1 #2" names grant #1's job with grant #2's token (a token of another grant).
    "t=9 look" calls nothing: it only asks holder(job, 9) of every job (and dead_letters()).
    The case "many leases at once" runs `stress_leases` instead and returns its comparisons too.
    """
    *params, ops = case
    if isinstance(ops, tuple):  # the cost case: ("many leases", n, kinds)
        return stress_leases(answer(*params), *ops[1:])
    answer(*params).put(DECOY, 0)  # never this queue's job (no state shared)
    queue = answer(*params)
    grants, jobs, retries = [], [], len(params) == 3

    def do(queue, step):
        worker = step.words[0]
        if step.name == "put":
            returned = queue.put(worker, step.at)
            jobs.append(worker)
            return None if returned is None else f"returned {returned!r} (put returns nothing)"
        if step.name == "lease":
            grant = queue.lease(worker, step.at)
            if grant is None:
                return "nothing"
            if not isinstance(grant, tuple) or len(grant) != 2:
                return f"returned {grant!r} (expected a tuple (job, token) or None)"
            reused = _grant_of(grant[1], grants)
            grants.append(grant)
            return f"{grant[0]} #{len(grants)}" + (
                "" if reused.startswith("with") else f", reusing grant {reused}'s token")
        if max(step.refs) > len(grants):  # the answer's lease gave fewer grants: the lines
            return f"no grant #{max(step.refs)} to act on"  # above already differ
        job, token = grants[step.refs[0] - 1][0], grants[step.refs[-1] - 1][1]
        return _verdict(getattr(queue, step.name)(worker, job, token, step.at))

    def look(queue, step):
        held = ", ".join(f"{j}: {_holding(queue.holder(j, step.at), grants)}" for j in jobs)
        if retries:
            held += f"{'; ' if held else ''}{_dead(queue)}"
        return held

    seen = programs.replay(queue, ops, do, look)
    now = max((programs.parse(op).at for op in ops), default=0)
    return seen + final_state(queue, jobs, grants, now, retries=retries)


ALIASED = "returned its own internal list: return a copy"


def _dead(queue) -> str:
    dead = queue.dead_letters()
    if not isinstance(dead, list):
        return f"dead_letters() returned {a_kind(dead)} (expected a list)"
    said = f"dead letters: {dead!r}"
    dead.append("<the caller's own entry>")  # a caller may change the list it was given
    again = queue.dead_letters()
    dead.pop()
    if again is dead or (isinstance(again, list) and "<the caller's own entry>" in again):
        return f"dead_letters() {ALIASED} (a caller that changes it changes the queue)"
    return said


def final_state(queue, jobs: list, grants: list, now, retries: bool) -> list[str]:
    """One line per job: held, ready (its place in line, found by leasing every ready job to
    the worker "end"), or neither; and the dead letters, for a queue that keeps them."""
    line_up = []
    for _ in range(len(jobs) + 1):  # a queue cannot have more ready jobs than were put
        grant = queue.lease("end", now)
        if not isinstance(grant, tuple) or len(grant) != 2:
            break
        line_up.append(grant[0])
    places = {job: i for i, job in reversed(list(enumerate(line_up, 1)))}
    lines = []
    for job in jobs:
        if job in places:
            where = f"ready, number {places[job]} in line" + (
                f" (and {line_up.count(job) - 1} more times)" if line_up.count(job) > 1 else "")
        else:
            held = _holding(queue.holder(job, now), grants)
            where = "neither held nor ready" if held == "not held" else \
                held if held.startswith("holder()") else f"held by {held}"
        lines.append(f"{job} at the end: {where}")
    strays = [j for j in line_up if j not in jobs]
    if strays:
        lines.append(f"handed out jobs never put: {strays!r}")
    if retries:
        lines.append(_dead(queue))
    return lines


def first_difference(case, expected, got) -> str | None:
    if isinstance(expected, tuple):  # a cost case
        return _too_slow(case, expected, got, lambda n, kinds: (
            f"{n} puts, {n} leases live at once and " + " and ".join(
                f"{n} {kind}s" for kind in kinds)))
    return programs.first_difference(expected, got)


KINDS = {  # the operations a raw step's first number picks, per level (0, the simplest: lease)
    1: ["lease", "lease", "put", "put", "ack", "ack", "ack", "lease"],
    2: ["lease", "lease", "put", "put", "ack", "ack", "ack", "lease"],
    3: ["lease", "lease", "put", "ack", "ack", "heartbeat", "heartbeat", "lease"],
    4: ["lease", "lease", "fail", "put", "ack", "heartbeat", "fail", "lease"],
}


@st.composite
def lease_programs(draw, level: int):
    """(params..., ops): up to 8 operations at times that never go back (several often share a
    tick, now and then after a long idle time), turned from raw steps while running the
    reference, so that acks, heartbeats and fails name grants that exist; then observer-only
    "look" steps at arbitrary moments (`programs.looks`). Job names are a drawn permutation:
    never the order they are put in. Raw steps shrink towards: lease, the same tick, the latest
    grant, acted on by its holder."""
    if level == 1:
        params = (draw(st.integers(Q1_LEASE_FOR - 5, Q1_LEASE_FOR)),)
        gap = st.integers(0, 1)  # q1's leases never run out: every case ends before t = 25
    elif level < 4:
        params, gap = (draw(st.integers(2, 4)),), programs.gaps(0, 3, idle=5)
    else:
        params = (draw(st.integers(2, 4)), draw(st.integers(1, 4)), draw(st.integers(1, 2)))
        gap = programs.gaps(0, 3, idle=5)
    raw = st.lists(st.tuples(st.integers(0, 7), gap, st.integers(0, 3), st.booleans(),
                             st.integers(0, 3), st.integers(0, 7)), min_size=2, max_size=12)
    queue = CoreLeases(*params)
    kinds = KINDS[level]
    names = iter(programs.names(draw, NAMES, 3))
    ops, grants, now = [], [], 0
    first = draw(st.integers(1, 3))  # jobs put at the start, one tick apart at most
    for i, (which, dt, pick, other, mix, land) in enumerate(draw(raw)):
        now += min(dt, 1) if i < first else dt
        if level > 1 and land == 7:  # exactly on the next expiry or retry (or the latest)
            now = event_time(queue.queue, now, last=mix == 0)
        kind = kinds[which] if i >= first else "put"
        if kind == "put":
            job = next(names, None)
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
            elif ops and ops[-1] == f"t={now} lease {worker}":
                continue  # the same call again, with nothing to lend: a step that adds nothing
            ops.append(f"t={now} lease {worker}")
            continue
        k = len(grants) - pick % len(grants)  # 1-based; pick 0 is the latest grant
        holder, job, token = grants[k - 1]
        worker = [w for w in WORKERS if w != holder][0] if other else holder
        mixed = ""
        # now and then grant k's job with another grant's token (rarer in level 3, where the
        # stale deadline shows only after heartbeats with the live token)
        if mix == 3 and len(grants) > 1 and (level != 3 or pick == 3):
            j = k % len(grants) + 1
            mixed, token = f" #{j}", grants[j - 1][2]
            worker = grants[j - 1][0] if other else holder  # the token's holder, or the job's
        getattr(queue, kind)(worker, job, token, now)
        ops.append(f"t={now} {kind} {worker} #{k}{mixed}")
    return (*params, programs.looks(draw, ops, idle=2 if level == 1 else 6))


def event_time(queue: LeaseQueue, now, last: bool):
    """The reference's next (or, `last`, latest) expiry or retry time after `now`; `now` when
    none is left. A call there lands on an event; one at the latest notices them all late."""
    times = [at for at, *_ in (*queue._expiries, *queue._delayed._heap) if at > now]
    return (max if last else min)(times, default=now)


def cost_case(*params, kinds=("ack",)):
    """The named case "many leases at once": leases far longer than the run, so none expires."""
    return "many leases at once", (10 * STRESS, *params, ("many leases", STRESS, kinds))


def lease_level(level: int, answer, arg_names: tuple[str, ...], **declared) -> Problem:
    """Levels 1-4 are checked alike: programs of that level replayed against the answer and the
    kit's LeaseQueue (`CoreLeases`), the first difference reported."""
    return Problem(name=answer.__name__, arg_names=arg_names, cases=lease_programs(level),
                   answer=answer, reference=CoreLeases, run=replay, judge=first_difference,
                   **declared)


# -- q1: lease and ack ------------------------------------------------------------------------
WRONG_WORKER = "acks from the wrong worker"
q1 = lease_level(
    1, BorrowQueue, ("lease_for", "operations"),
    examples=[
        ("put C then A: the older job first", (30, ["t=0 put C", "t=0 put A", "t=1 lease w1",
                                                    "t=1 lease w2", "t=2 ack w2 #2"])),
        ("w2 acks w1's grant", (30, ["t=0 put A", "t=1 lease w1", "t=2 ack w2 #1",
                                     "t=3 ack w1 #1"])),
        ("acked twice", (30, ["t=0 put B", "t=1 lease w2", "t=2 ack w2 #1", "t=3 ack w2 #1"])),
        ("w1 acks one of its jobs with the token of its other grant",
         (30, ["t=0 put D", "t=0 put B", "t=1 lease w1", "t=1 lease w1", "t=2 ack w1 #1 #2",
               "t=3 ack w1 #2 #1", "t=4 ack w1 #2"])),
    ],
    pitfalls=[
        Pitfall(WRONG_WORKER, "an ack counts only from the worker that holds the lease: "
                "compare the worker too, not just the token",
                edit=[("lease[:2] == (worker, token)", "lease[1] == token")]),
        Pitfall("an acked job still held", "after an accepted ack the job is done: forget its "
                "lease, so it is no longer held and a second ack (or a duplicate message) is "
                "rejected",
                edit=[("        del self.held[job]  # done: it is never handed out again\n", "")]),
        Pitfall("newest job first", "a queue lends the job that has waited longest: take from "
                "the front (deque.popleft), not the end",
                edit=[("self.ready.popleft()", "self.ready.pop()")]),
    ],
    hints=["Keep the ready jobs in a deque, and a dict job -> (worker, token, expires_at) for the "
           "leased ones.",
           "lease: popleft a job, make a new token (itertools.count), remember who holds it until "
           "now + lease_for.",
           "ack: accept only if held[job][:2] == (worker, token); then delete it and return True."],
)


# -- q2: expiry at the exact tick -------------------------------------------------------------
INCLUSIVE = "inclusive vs exclusive expiry"
OLDER_LEASE = "acks from an older lease"
STALE_HOLDER = "holder() does not catch up first"
ONLY_WHEN_LEASING = "noticing expiry only when leasing"
NO_TIE_BREAKER = "heap without a tie-breaker"
CANCEL_BY_NAME = "lazy cancel by name (a set of cancelled names)"
q2 = lease_level(
    2, ExpiringQueue, ("lease_for", "operations"),
    examples=[
        ("an ack at exactly expires_at", (3, ["t=0 put A", "t=1 lease w1", "t=4 ack w1 #1"])),
        ("w1's first lease comes back", (2, ["t=0 put A", "t=1 lease w1", "t=3 lease w1",
                                             "t=3 ack w1 #1"])),
        ("two leases, the first one ends first", (3, ["t=0 put A", "t=0 put B", "t=0 lease w1",
                                                      "t=1 lease w2", "t=3 look"])),
        ("two leases end on one tick, names against lease order",
         (3, ["t=0 put D", "t=0 put B", "t=1 lease w1", "t=1 lease w2", "t=4 put A"])),
        cost_case(),
    ],
    pitfalls=[
        Pitfall(INCLUSIVE, "a lease taken at t for L is held while now < t + L; at exactly "
                "t + L it has expired (the job is ready again, a late ack is rejected). "
                "Test `now < expires_at`, not `<=`",
                edit=[("not now < self.expiries[0][0]", "now > self.expiries[0][0]")]),
        Pitfall(OLDER_LEASE, "the same worker can hold the job twice (its first lease expired, "
                "then it leased the job again): only the current grant's token may ack",
                answer=rebuilt(ExpiringQueue, BorrowQueue,
                               [("lease[:2] == (worker, token)", "lease[0] == worker")],
                               OLDER_LEASE)),
        Pitfall(ONLY_WHEN_LEASING, "every call catches up first, ack and holder too: "
                "otherwise an expired lease still looks held, and a late ack slips through, "
                "whenever nobody leased since its deadline",
                edit=[("        self.catch_up(now)\n        return super().holder",
                       "        return super().holder"),
                      ("        self.catch_up(now)\n        return super().holds",
                       "        return super().holds")]),
        Pitfall(NO_TIE_BREAKER, "entries (expires_at, job) compare the job names when two "
                "deadlines tie, so equal deadlines expire in name order, not in the order the "
                "leases were granted: use (expires_at, seq, job)",
                edit=[("(expires_at, seq, job))", "(expires_at, job, seq))"),
                      ("expires_at, seq, job = heapq.heappop",
                       "expires_at, job, seq = heapq.heappop")]),
        Pitfall(STALE_HOLDER, "every call, the observer holder() included, first applies "
                "the expiries due by now; otherwise a lease looks held after its deadline "
                "whenever nothing else was called since",
                edit=[("        self.catch_up(now)\n        return super().holder",
                       "        return super().holder")]),
        Pitfall("a late ack accepted", "ack (and every other call) first applies the expiries "
                "due by now: at or after expires_at the lease is gone and the ack is rejected",
                edit=[("        self.catch_up(now)\n        return super().holds",
                       "        return super().holds")]),
    ],
    hints=["Every method first catches up: it expires every lease whose deadline is <= now.",
           "Keep a min-heap of (expires_at, seq, job); pop while the top has expired, and "
           "skip entries whose lease is no longer the live one (acked, or replaced).",
           "Held while now < expires_at. An expired job goes to the back of the ready line."],
)


# -- q3: heartbeat ----------------------------------------------------------------------------
q3 = lease_level(
    3, HeartbeatQueue, ("lease_for", "operations"),
    examples=[
        ("a heartbeat, then the old deadline passes",
         (3, ["t=0 put A", "t=1 lease w1", "t=3 heartbeat w1 #1", "t=4 lease w2",
              "t=6 lease w2"])),
        ("a heartbeat at exactly expires_at", (2, ["t=0 put A", "t=1 lease w1",
                                                   "t=3 heartbeat w1 #1"])),
        ("a heartbeat keeps the token", (3, ["t=0 put C", "t=1 lease w2", "t=2 heartbeat w2 #1",
                                             "t=3 ack w2 #1"])),
        ("w2 heartbeats w1's lease with its token", (3, ["t=0 put B", "t=1 lease w1",
                                                        "t=3 heartbeat w2 #1", "t=4 look"])),
        ("a heartbeat onto the deadline it already has, tied with another lease",
         (2, ["t=0 put D", "t=0 put B", "t=0 lease w1", "t=0 lease w2", "t=0 heartbeat w1 #1",
              "t=2 look"])),
        ("a heartbeat ties another lease's deadline: the later deadline set expires last",
         (3, ["t=0 put D", "t=0 put B", "t=0 lease w1", "t=1 lease w2", "t=1 heartbeat w1 #1",
              "t=4 look"])),
        cost_case(kinds=("heartbeat", "ack")),
    ],
    pitfalls=[
        Pitfall("heartbeat extends the old deadline", "a heartbeat means 'I am alive now': the "
                "lease runs until now + lease_for, not expires_at + lease_for",
                edit=[("now + self.lease_for)", "self.held[job][2] + self.lease_for)")]),
        Pitfall("an expired lease revived by a heartbeat", "catch up first: at or after "
                "expires_at the lease is gone, and a heartbeat must be rejected",
                edit=[("if not self.holds(worker, job, token, now):",
                       "if self.held.get(job, (None, None))[:2] != (worker, token):")]),
        Pitfall("the old deadline still expires the lease", "a heartbeat leaves the earlier "
                "heap entry behind; when it reaches the top, check it is still the live deadline "
                "(lazy deletion) before expiring anything",
                answer=rebuilt(HeartbeatQueue, ExpiringQueue,
                               [("job in self.held and self.deadline_set[job] == seq",
                                 "job in self.held")], "the old deadline still expires the lease")),
    ],
    hints=["A heartbeat is accepted exactly when an ack would be; it moves the deadline and keeps "
           "the token.",
           "Push a new heap entry for the new deadline; the old one stays in the heap.",
           "When an entry reaches the top, expire the job only if that entry is the live one: "
           "keep the seq of each job's live entry (comparing expires_at alone fails when a "
           "heartbeat lands on the same deadline)."],
)


# -- q4: retries with backoff and the dead-letter queue ---------------------------------------
RETRY_FOREVER = "retrying forever"
NOTICED = "retry timed from when the expiry was noticed"
RETRIES_FIRST = "due retries moved back before the expiries"
RETRY_TIES = "retries due together rejoin out of scheduling order (a wrong tie key)"
q4 = lease_level(
    4, RetryQueue, ("lease_for", "max_attempts", "base", "operations"),
    examples=[
        ("a poison job", (5, 2, 1, ["t=0 put P", "t=1 lease w1", "t=2 fail w1 #1",
                                    "t=3 lease w1", "t=4 fail w1 #2"])),
        ("an expiry, then backoff", (2, 3, 2, ["t=0 put A", "t=1 lease w1", "t=4 lease w2",
                                               "t=5 lease w2"])),
        ("the second retry waits twice as long", (2, 3, 1, ["t=0 put A", "t=1 lease w1",
                                                            "t=4 lease w1", "t=7 lease w1",
                                                            "t=8 lease w1"])),
        ("the retry due first waits behind a later one in the heap", (5, 3, 1, [
            "t=0 put A", "t=0 put B", "t=0 lease w1", "t=0 lease w2", "t=0 fail w1 #1",
            "t=1 lease w1", "t=1 fail w1 #3", "t=1 fail w2 #2", "t=2 lease w2"])),
        ("retries due together leave in the order they were scheduled", (5, 3, 1, [
            "t=0 put E", "t=0 put B", "t=2 lease w1", "t=2 lease w2", "t=4 fail w2 #2",
            "t=4 fail w1 #1", "t=5 put A"])),
        ("one attempt allowed: the first expiry is the last", (2, 1, 1, [
            "t=0 put A", "t=1 lease w1", "t=4 lease w1", "t=7 lease w1"])),
        ("an expiry noticed late", (2, 3, 1, ["t=0 put C", "t=1 lease w1", "t=9 put A"])),
        ("the last attempt acked: done, not dead", (5, 2, 1, [
            "t=0 put A", "t=1 lease w1", "t=2 fail w1 #1", "t=3 lease w1", "t=4 ack w1 #2",
            "t=9 look"])),
        ("heartbeats are not attempts", (3, 3, 1, ["t=0 put D", "t=0 lease w1",
                                                   "t=1 heartbeat w1 #1", "t=2 heartbeat w1 #1",
                                                   "t=3 fail w1 #1", "t=4 lease w2"])),
        ("an expiry noticed late schedules a retry due before one already waiting", (2, 3, 2, [
            "t=0 put A", "t=0 lease w1", "t=0 fail w1 #1", "t=2 lease w1", "t=2 put B",
            "t=2 lease w2", "t=3 fail w1 #2", "t=8 lease w1", "t=8 lease w2"])),
        ("a fail at the very time another lease expires", (2, 3, 1, [
            "t=0 put E", "t=0 lease w1", "t=0 put B", "t=1 lease w2", "t=2 fail w2 #2",
            "t=3 lease w1", "t=3 lease w2"])),
        cost_case(3, 1, kinds=("heartbeat", "ack")),
    ],
    pitfalls=[
        Pitfall(RETRY_FOREVER, "a poison message would burn a worker forever: after "
                "max_attempts attempts the job goes to the dead-letter queue",
                edit=[("if self.attempts[job] >= self.max_attempts:", "if False:")]),
        Pitfall("one attempt too many", "max_attempts counts every lease, the first one "
                "included: dead-letter when attempts >= max_attempts",
                edit=[(">= self.max_attempts", "> self.max_attempts")]),
        Pitfall("no backoff", "a failed job is not ready at once: retry after "
                "base * 2**(attempt - 1)",
                edit=[("when + self.base * 2 ** (self.attempts[job] - 1)", "when")]),
        Pitfall("backoff that does not grow", "each retry waits twice as long as the one "
                "before: base, 2·base, 4·base, ...",
                edit=[("self.base * 2 ** (self.attempts[job] - 1)", "self.base")]),
        Pitfall(RETRIES_FIRST, "catch up in the order things happened: apply the expiries "
                "due by now first (each may schedule a retry that is already due), then move "
                "every due retry back, earliest first",
                edit=[("        super().catch_up(now)  # expiries first: they may schedule retries "
                       "that are due too\n"
                       "        while self.waiting and self.waiting[0][0] <= now:\n"
                       "            self.ready.append(heapq.heappop(self.waiting)[2])\n",
                       "        while self.waiting and self.waiting[0][0] <= now:\n"
                       "            self.ready.append(heapq.heappop(self.waiting)[2])\n"
                       "        super().catch_up(now)\n")]),
        Pitfall(RETRY_TIES, "retries due at the same time rejoin in the order they were "
                "scheduled: put a counter after the time, (ready_at, seq, job), not the job's "
                "name or anything else",
                edit=[("(ready_at, next(self.seq), job)", "(ready_at, job, next(self.seq))"),
                      ("heapq.heappop(self.waiting)[2]", "heapq.heappop(self.waiting)[1]")]),
        Pitfall(NOTICED, "if nobody calls for a while, the retry must not slip: time it from "
                "the expiry itself (expires_at), not from the call that noticed it",
                answer=rebuilt(RetryQueue, ExpiringQueue,
                               [("self.expired(job, expires_at)", "self.expired(job, now)")],
                               NOTICED)),
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
    schedule at step i is the dict {"step": i}. The case ("many cancels", n) runs
    `stress_delayed` and returns its comparisons too."""
    (ops,) = case
    if isinstance(ops, tuple):
        return stress_delayed(answer(), ops[1])
    answer().schedule(DECOY, 0, {"step": 0})  # another instance's job: never this one's
    queue = answer()
    steps, given = itertools.count(1), []  # given: every list pop_due returned

    def do(queue, step):  # the payload of the schedule at step i is {"step": i}
        i = next(steps)
        if step.name == "schedule":
            name, _, at = step.words
            queue.schedule(name, int(at), {"step": i})
            return None
        if step.name == "cancel":
            return repr(queue.cancel(step.words[0]))
        due = queue.pop_due(int(step.words[0]))
        if not isinstance(due, list) or not all(isinstance(d, tuple) and len(d) == 2
                                                for d in due):
            return f"{due!r} (expected a list of (name, payload) tuples)"
        if any(due is earlier for earlier in given):
            return f"pop_due() {ALIASED} (the list an earlier call gave changed)"
        given.append(due)
        return ", ".join(f"{name} {payload}" for name, payload in due) or "nothing"

    return programs.replay(queue, ops, do)


def judge_delayed(case, expected, got) -> str | None:
    if isinstance(expected, tuple):
        return _too_slow(case, expected, got, lambda n: (
            f"{n} schedules, {n} cancels and one pop_due"))
    return first_difference(case, expected, got)


@st.composite
def delayed_programs(draw):
    """Up to 12 operations from raw steps (which operation, name, time): schedule a name (due
    now or at the next tick, so equal times are common; a name scheduled now is cancelled
    instead), cancel a name, pop_due at a time that never goes back; then a pop_due long after,
    for what is left. The names are drawn apart from the order they are scheduled in, and each
    step names its own, so a step removed while shrinking changes no other step."""
    ops, queue, now = [], CoreDelayed(), 0
    names = programs.names(draw, NAMES, draw(st.integers(2, 3)))
    raw = st.tuples(st.integers(0, 3), st.integers(0, 2), st.integers(0, 3))
    for which, pick, t in draw(st.lists(raw, min_size=1, max_size=12)):
        kind = ("schedule", "schedule", "pop_due", "cancel")[which]
        name = names[pick % len(names)]
        if kind == "schedule" and name not in queue.queue:
            at = now + t % 2  # due now or at the next tick: ties are common
            ops.append(f"schedule {name} at {at}")
            queue.schedule(name, at, None)
        elif kind != "pop_due":
            ops.append(f"cancel {name}")
            queue.cancel(name)
        else:
            now += t % 3
            ops.append(f"pop_due {now}")
            queue.pop_due(now)
    return ([*ops, f"pop_due {now + 10}"],)  # and long after: whatever is still scheduled


q5 = Problem(
    name="DelayedJobs",
    arg_names=("operations",),
    cases=delayed_programs(),
    answer=DelayedJobs,
    reference=CoreDelayed,
    run=replay_delayed,
    judge=judge_delayed,
    examples=[
        ("two jobs due at the same time, names against order",
         (["schedule B at 2", "schedule A at 2", "pop_due 2"],)),
        ("three jobs due at the same time: neither name order nor its reverse",
         (["schedule C at 2", "schedule A at 2", "schedule B at 2", "pop_due 2"],)),
        ("cancel, then schedule again", (["schedule A at 1", "cancel A", "schedule A at 1",
                                          "pop_due 3", "cancel A"],)),
        ("due at exactly now", (["schedule C at 2", "pop_due 2"],)),
        ("many cancels", (("many cancels", STRESS),)),
    ],
    pitfalls=[
        Pitfall(NO_TIE_BREAKER, "entries (at, name, ...) compare the names when times tie, so "
                "equal times leave in name order, not in the order they were scheduled. Put a "
                "counter after the time: (at, seq, name, payload)",
                edit=[("(at, seq, name, payload))", "(at, name, seq, payload))"),
                      ("_, seq, name, payload =", "_, name, seq, payload =")]),
        Pitfall(NO_TIE_BREAKER + " (payloads compared)", "entries (at, payload, ...): two jobs "
                "due at the same time make heapq compare two dicts, and that raises TypeError. "
                "Put a counter after the time: (at, seq, name, payload)",
                edit=[("(at, seq, name, payload))", "(at, payload, seq, name))"),
                      ("_, seq, name, payload =", "_, payload, seq, name =")]),
        Pitfall("equal times leave newest first", "entries (at, -seq, ...) let the job "
                "scheduled last leave first when times tie: equal times leave in the order "
                "they were scheduled, (at, seq, name, payload) with seq counting up",
                edit=[("(at, seq, name, payload))", "(at, -seq, name, payload))"),
                      ("if self.live.get(name) == seq:", "if self.live.get(name) == -seq:")]),
        Pitfall("due at exactly now left waiting", "a job scheduled at `at` is due when "
                "now >= at: pop while heap[0][0] <= now",
                edit=[("self.heap[0][0] <= now", "self.heap[0][0] < now")]),
        Pitfall(CANCEL_BY_NAME, "a set of cancelled names still holds A when A is "
                "scheduled again, so the new A never comes out: cancel forgets the name's "
                "current entry (live[name] = seq), and scheduling again makes a new one",
                answer=CancelledNames),
        Pitfall("lazy cancel by name only", "after cancel A and a new schedule A, the old "
                "entry must stay dead: remember which entry (seq) is current for each name, not "
                "just which names are scheduled",
                edit=[("if self.live.get(name) == seq:", "if name in self.live:")]),
        Pitfall("cancelled job still comes out", "cancel only marks the entry: pop_due must "
                "skip entries that are no longer current",
                edit=[("if self.live.get(name) == seq:", "if True:"),
                      ("del self.live[name]", "self.live.pop(name, None)")]),
    ],
    hints=["Heap entries (at, seq, name, payload) with seq from itertools.count(): equal times "
           "come out in scheduling order and payloads are never compared.",
           "Lazy cancel: keep live = {name: seq of its current entry}; cancel deletes the name; "
           "pop_due pops every entry with at <= now and keeps only those still current.",
           "cancel returns True only for a name that is scheduled and not yet popped."],
)

PROBLEMS = [q1, q2, q3, q4, q5]

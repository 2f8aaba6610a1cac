"""A lease queue: a worker borrows a job for a while instead of taking it away.

`lease(worker)` hands out the oldest ready job and hides it from everyone else until the lease
expires. The holder finishes with `ack` (the job is done), or keeps the lease alive with
`heartbeat`, or gives up with `fail`. A lease that is not acked in time has expired: that attempt
counts as failed and the job comes back after a backoff delay, possibly to another worker. After
`max_attempts` attempts the job goes to the dead-letter queue instead, so a poison message cannot
be retried forever. This is at-least-once delivery (SQS visibility timeout, Pub/Sub ack deadline):
a slow worker may still be running when its job is handed out again, so the work must be idempotent.

Time only moves when the clock says so. Every call first applies what the clock implies, in time
order: leases whose expiry has come (found with a min-heap on expiry time, not by scanning) and
delayed jobs whose run-at time has come (a `DelayedQueue`). Heap entries are `(time, seq, job)`.

A clock that steps backwards (a wall clock's NTP correction) undoes nothing: a job once ready
stays ready, an expired lease stays expired, and ready jobs go out in the order they became
ready. Deadlines and run-at times not reached yet are still compared with the clock's reading,
so a lease or delay running during a step back of s seconds lasts s seconds longer, and a
heartbeat then never moves a deadline back (`later_deadline`). Each reading of the clock is
checked (`clock_reading`: a finite number, not a bool). The same
rule on every queue of the kit (the shared state machine steps its clock back).
"""

import heapq
import itertools
import json
import math
import uuid
from collections import Counter, deque
from collections.abc import Callable, Hashable
from numbers import Real
from typing import NamedTuple

from kit import validate
from kit.backoff import backoff_delay, no_jitter
from kit.delayed import DelayedQueue
from kit.jobs import MAX_WAIT
from kit.validate import clock_reading

STATES = ("ready", "delayed", "leased", "done", "dead")


def is_held(now, expires_at) -> bool:
    """THE expiry rule: a lease is held while `now < expires_at`; at exactly `expires_at` it has
    expired. Every decision in this module goes through this one inequality."""
    return now < expires_at


class Lease(NamedTuple):
    """One grant of a job to a worker. `token` is unique to this grant, so an old copy never
    matches again. `expires_at` is the deadline when granted; heartbeats move the live one.
    `queue` is the identity of the queue that granted it (its `identity`): another queue
    refuses it by name, though tokens start again in every queue. It says where the lease
    came from, not what it is: equality, hashing and the repr leave it out (a lease made by
    hand, queue=None, is matched by token alone)."""

    job: Hashable
    worker: Hashable
    attempt: int  # 1 for the first delivery, 2 for the first retry, ...
    expires_at: float
    token: int
    payload: object = None
    queue: str | None = None

    def __repr__(self) -> str:
        return (f"Lease(job={self.job!r}, worker={self.worker!r}, attempt={self.attempt!r}, "
                f"expires_at={self.expires_at!r}, token={self.token!r}, "
                f"payload={self.payload!r})")

    def __eq__(self, other) -> bool:
        if isinstance(other, Lease):
            return tuple(self[:6]) == tuple(other[:6])
        return tuple.__eq__(self, other)

    def __ne__(self, other) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(tuple(self[:6]))


class LeaseEvent(NamedTuple):
    """One line of the trace. `until` is the lease deadline (lease, heartbeat) or the run-at time
    (put with a delay, retry); None otherwise."""

    time: float
    kind: str  # put ready lease empty heartbeat ack fail expire retry dead *_rejected
    job: Hashable
    worker: Hashable
    attempt: int
    until: float | None = None


class DeadLetter(NamedTuple):
    """A job that used up max_attempts; `reason` says how its last attempt ended, `error` what
    the last `fail(lease, error=...)` said (None when it said nothing or the lease expired)."""

    job: Hashable
    payload: object
    attempts: int
    time: float
    reason: str  # "expire" or "fail"
    error: str | None = None


class Stats(NamedTuple):
    """Jobs per state, and deliveries made after an earlier lease on the same job expired (the
    queue cannot tell a crashed holder from a slow one, so each may have run twice)."""

    ready: int
    leased: int
    delayed: int
    done: int
    dead: int
    duplicate_deliveries: int


def check_seconds(name, value, *, positive=False):
    """A time or a count of seconds: a number >= 0 (> 0 when `positive`); inf allowed."""
    validate.number(name, value, low=0, low_open=positive, finite=False)


def check_delay(name, delay, now, positive=False) -> float:
    """A delay in seconds from `now`: finite, >= 0, and `now + delay` finite too (a job due at
    inf would never run and its id could never be used again). Returns `now + delay`."""
    check_seconds(name, delay, positive=positive)
    until = now + delay
    if not math.isfinite(until):
        raise ValueError(f"{name} must keep now + {name} finite, got {delay!r} at now={now!r}")
    return until


def later_deadline(expires_at, until):
    """A heartbeat's new deadline: `until` (now + extend_by), but never earlier than the one the
    lease has. A clock stepping back undoes nothing, and a heartbeat never shortens a lease."""
    return max(expires_at, until)


def check_lease(lease, queue: str) -> None:
    """A Lease, as lease() returned it (its fields may be anything: they are compared with the
    store's, never believed), granted by the queue whose identity is `queue`."""
    if not isinstance(lease, Lease):
        raise TypeError(f"lease must be a Lease returned by lease(), got {lease!r}")
    if lease.queue is not None and lease.queue != queue:
        raise ValueError(f"lease was granted by another queue ({lease.queue!r}), not this one "
                         f"({queue!r}): {lease!r}")


def check_put(job_id, payload, delay) -> str:
    """put's arguments, checked in the order of its signature (the first bad one is the error,
    the same on every queue of the kit); returns the payload as JSON text."""
    validate.store_name("job_id", job_id)
    text = validate.json_text("payload", payload)
    check_seconds("delay", delay)
    return text


def check_heartbeat(lease, extend_by, queue: str) -> None:
    """heartbeat's arguments, in the order of its signature."""
    check_lease(lease, queue)
    if extend_by is not None:
        check_seconds("extend_by", extend_by, positive=True)


def check_fail(lease, error, queue: str):
    """fail's arguments, in the order of its signature; returns the error as kept."""
    check_lease(lease, queue)
    return check_error(error)


def retry_at(retry_delay, attempts, time) -> float:
    """When a job whose attempt number `attempts` ended at `time` runs again:
    `time + retry_delay(attempts - 1)`, checked *before* the queue changes anything, so a
    retry_delay returning inf, NaN, a negative number or a non-number refuses the whole
    operation (every queue of the kit, the same way)."""
    delay = retry_delay(attempts - 1)
    number = type(delay) in (int, float) or isinstance(delay, Real) and not isinstance(delay, bool)
    try:
        fine = number and 0 <= delay < math.inf and math.isfinite(time + delay)
    except OverflowError:  # an int too big for a float (10**400)
        fine = False
    if not fine:
        raise ValueError(f"retry_delay({attempts - 1}) must return a finite number >= 0, "
                         f"got {delay!r}")
    return time + delay


def after_attempt(retry_delay, attempts, max_attempts, time, how, error=None):
    """How an attempt that ended at `time` (`how`: "fail" or "expire") goes on, the one rule of
    every queue of the kit: `(run_at, error)` for a retry, `(None, error)` for a dead letter.

    A retry_delay that returns a bad value (or raises) on `fail` refuses that call, changing
    nothing (the caller holds the lease and sees the error). At an expiry nobody holds the job
    and every later call would meet the same expiry, so refusing would stop the whole queue:
    the job is dead-lettered instead, its error saying why, and every other job goes on."""
    if attempts >= max_attempts:
        return None, error
    try:
        return retry_at(retry_delay, attempts, time), error
    except Exception as exc:
        if how != "expire":
            raise
        return None, check_error(f"no retry: {type(exc).__name__}: {validate.error_message(exc)}")


def check_error(error):
    """What `fail(lease, error=...)` keeps with the job: None or a str, its first 8,000
    characters (a message, not a log), with NUL and lone surrogates written as escapes
    (`\\x00`, `\\ud800`), so every store can hold any message an exception may carry."""
    if error is not None and type(error) is not str:
        raise TypeError(f"error must be a str or None, got {error!r}")
    if error is None:
        return None
    text = error[:8000].replace("\x00", "\\x00")
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def exponential_retry(base: float = 1, cap: float = 60, rand: Callable[[], float] | None = None):
    """A retry_delay for LeaseQueue: retry r (0 = first retry) waits min(cap, base * 2**r).

    With `rand` (e.g. `random.Random(7).random`) the wait is kit.backoff's full jitter,
    `rand() * ceiling`. Exact for every r (kit.backoff's ceiling never overflows). A cap above
    `kit.jobs.MAX_WAIT` (1e9 s, about 31 years; `inf` included) waits at most MAX_WAIT, so the
    wait is always one a queue can hold (never inf, whatever r).
    """
    check_seconds("base", base)
    check_seconds("cap", cap)
    cap = min(cap, MAX_WAIT)
    if rand is not None:
        validate.function("rand", rand)
        return lambda r: backoff_delay(r, base, cap, rand)
    return lambda r: no_jitter(r, base, cap)


class _Job:
    __slots__ = ("id", "payload", "state", "attempts", "worker", "token", "expires_at",
                 "expiry_seq", "expired_last")

    def __init__(self, job_id, payload):
        self.id, self.payload, self.attempts = job_id, payload, 0
        self.state = self.worker = self.token = self.expires_at = self.expiry_seq = None
        self.expired_last = False  # did the previous attempt end by expiry?


def check_settings(clock, lease_for, max_attempts, retry_delay) -> None:
    """The settings every lease queue shares, or an error naming the bad one."""
    if not callable(getattr(clock, "now", None)):
        raise TypeError(f"clock must have a now() method, got {clock!r}")
    check_seconds("lease_for", lease_for, positive=True)
    validate.integer("max_attempts", max_attempts, low=1)
    if retry_delay is not None:
        validate.function("retry_delay", retry_delay)


class LeaseQueue:
    """At-least-once job queue with leases, heartbeats, retries with backoff and dead letters."""

    def __init__(self, clock, lease_for: float, max_attempts: int,
                 retry_delay: Callable[[int], float] | None = None):
        check_settings(clock, lease_for, max_attempts, retry_delay)
        self.clock, self.lease_for, self.max_attempts = clock, lease_for, max_attempts
        self.retry_delay = exponential_retry() if retry_delay is None else retry_delay
        self.trace: list[LeaseEvent] = []
        self.identity = f"memory:{uuid.uuid4().hex}"  # what its leases carry as `queue`
        self._jobs: dict = {}  # job id -> _Job
        self._ready: deque = deque()  # job ids, in the order they became ready
        self._delayed = DelayedQueue()  # job ids waiting for a run-at time
        self._expiries: list[tuple] = []  # (expires_at, seq, job id); stale entries skipped
        self._seq = itertools.count()
        self._tokens = itertools.count(1)
        self._count: Counter = Counter()  # state -> number of jobs in it
        self._dead: dict = {}  # job id -> DeadLetter, in the order they died
        self._duplicates = 0

    # -- the operations -------------------------------------------------------------------

    def put(self, job_id, payload=None, delay: float = 0) -> None:
        """Add a job, ready now (delay 0) or once `now >= now_at_put + delay`. O(log n).

        The same rules as the SQL queues: `job_id` a str or a 64-bit int
        (`validate.store_name`), `payload` JSON data that round-trips (`validate.json_text`:
        no tuple, no non-str key, no NaN), kept as JSON text, so each lease hands back a fresh
        copy equal to what was put, as SQLite and PostgreSQL do.

        A job id that is ready, delayed or leased is live and cannot be put again; a done or
        dead one can (a new job under the same id, e.g. a re-drive from the dead-letter queue).
        """
        text = check_put(job_id, payload, delay)
        now = self._catch_up()
        until = check_delay("delay", delay, now)
        old = self._jobs.get(job_id)
        if old is not None and old.state not in ("done", "dead"):
            raise ValueError(f"job_id {job_id!r} is already in the queue (state {old.state!r})")
        if old is not None:
            self._count[old.state] -= 1
            self._dead.pop(job_id, None)
        rec = self._jobs[job_id] = _Job(job_id, text)  # JSON text, as the SQL stores keep it
        self._enter(rec, "ready" if delay == 0 else "delayed")
        if delay == 0:
            self._ready.append(job_id)
        else:
            self._delayed.schedule(job_id, until)
        self._log(now, "put", rec, until=None if delay == 0 else until)

    def lease(self, worker) -> Lease | None:
        """Lend the job that has been ready longest to `worker` until now + lease_for, or return
        None if nothing is ready. O(log n) for the expiry-heap push."""
        validate.store_name("worker", worker, "a str or int name")
        now = self._catch_up()
        if not self._ready:
            self.trace.append(LeaseEvent(now, "empty", None, worker, 0))
            return None
        rec = self._jobs[self._ready.popleft()]
        if rec.expired_last:  # the last holder may still be working on it
            self._duplicates += 1
        rec.attempts += 1
        rec.worker, rec.token = worker, next(self._tokens)
        self._enter(rec, "leased")
        self._hold_until(rec, now + self.lease_for)
        self._log(now, "lease", rec, until=rec.expires_at)
        return Lease(rec.id, worker, rec.attempts, rec.expires_at, rec.token,
                     json.loads(rec.payload), self.identity)

    def ack(self, lease: Lease) -> bool:
        """Finish the job. Accepted only for the live grant (same token and worker, now before
        its expiry); a stale, foreign or late lease is rejected and changes nothing. O(1)."""
        check_lease(lease, self.identity)
        now = self._catch_up()
        rec = self._holder_of(lease)
        if rec is None:
            return self._reject(now, "ack_rejected", lease)
        self._enter(rec, "done")
        self._log(now, "ack", rec)
        rec.worker = rec.token = None  # its expiry-heap entry is now stale
        return True

    def heartbeat(self, lease: Lease, extend_by: float | None = None) -> bool:
        """Keep a live lease: it now runs until now + extend_by (default lease_for), or until
        its old deadline if that is later (`later_deadline`: a clock stepping back never
        shortens a lease). Rejected when stale or already expired. Pushes one new expiry entry:
        O(log n)."""
        check_heartbeat(lease, extend_by, self.identity)
        now = self._catch_up()
        until = (now + self.lease_for if extend_by is None
                 else check_delay("extend_by", extend_by, now, positive=True))
        rec = self._holder_of(lease)
        if rec is None:
            return self._reject(now, "heartbeat_rejected", lease)
        self._hold_until(rec, later_deadline(rec.expires_at, until))
        self._log(now, "heartbeat", rec, until=rec.expires_at)
        return True

    def fail(self, lease: Lease, error: str | None = None) -> bool:
        """The holder reports a failed attempt: retry after backoff, or dead-letter once the job
        has had max_attempts attempts (the queue's own count, never the lease's `attempt`).
        `error` (a str) is kept with the job and shown in its dead letter. Rejected (False)
        like ack for a lease that is not live."""
        error = check_fail(lease, error, self.identity)
        now = self._catch_up()
        rec = self._holder_of(lease)
        if rec is None:
            return self._reject(now, "fail_rejected", lease)
        self._end_attempt(rec, now, "fail", error)  # zero delay: ready at the next catch-up
        return True

    # -- observations ---------------------------------------------------------------------

    def status(self, job_id) -> str:
        """One of STATES for a job that was put. O(1) plus the catch-up."""
        return self._get(job_id).state

    def holder(self, job_id) -> Lease | None:
        """The live lease on a job (with its current expiry), or None. O(1) plus the catch-up."""
        rec = self._get(job_id)
        if rec.state != "leased":
            return None
        return Lease(rec.id, rec.worker, rec.attempts, rec.expires_at, rec.token,
                     json.loads(rec.payload), self.identity)

    @property
    def dead_letters(self) -> list[DeadLetter]:
        """Jobs that used up max_attempts, oldest death first."""
        self._catch_up()
        return list(self._dead.values())

    def stats(self) -> Stats:
        """How many jobs are in each state, and the duplicate-delivery count. O(1)."""
        self._catch_up()
        c = self._count
        return Stats(c["ready"], c["leased"], c["delayed"], c["done"], c["dead"], self._duplicates)

    # -- internals ------------------------------------------------------------------------

    def _catch_up(self):
        """Apply every expiry and due delayed job up to now, earliest first (expiries first on a
        tie). Each expiry-heap entry is popped once; stale ones (acked, failed, or replaced by a
        heartbeat) are skipped."""
        now = clock_reading(self.clock)
        heap = self._expiries
        while True:
            while heap and not self._is_current_expiry(heap[0]):
                heapq.heappop(heap)
            te = heap[0][0] if heap else None
            td = self._delayed.next_time()
            if te is not None and not is_held(now, te) and (td is None or te <= td):
                self._end_attempt(self._jobs[heap[0][2]], te, "expire")
                heapq.heappop(heap)
            elif td is not None and now >= td:
                for job_id in self._delayed.pop_due(td):
                    rec = self._jobs[job_id]
                    self._enter(rec, "ready")
                    self._ready.append(job_id)
                    self._log(td, "ready", rec)
            else:
                return now

    def _is_current_expiry(self, entry) -> bool:
        rec = self._jobs[entry[2]]
        return rec.state == "leased" and rec.expiry_seq == entry[1]

    def _hold_until(self, rec, expires_at) -> None:
        rec.expires_at, rec.expiry_seq = expires_at, next(self._seq)
        heapq.heappush(self._expiries, (expires_at, rec.expiry_seq, rec.id))

    def _end_attempt(self, rec, time, how, error=None) -> None:
        until, error = after_attempt(self.retry_delay, rec.attempts, self.max_attempts, time, how,
                                     error)  # may refuse (fail only): nothing changed yet
        dead = until is None
        self._log(time, how, rec)
        rec.expired_last = how == "expire"
        rec.worker = rec.token = None
        if dead:
            self._enter(rec, "dead")
            self._dead[rec.id] = DeadLetter(rec.id, json.loads(rec.payload), rec.attempts,
                                            time, how, error)
            self._log(time, "dead", rec)
            return
        self._enter(rec, "delayed")
        self._delayed.schedule(rec.id, until)
        self._log(time, "retry", rec, until=until)

    def _holder_of(self, lease):
        """The job record the lease is the live grant of, or None (the lease checked at the
        door: ack, heartbeat, fail)."""
        try:
            rec = self._jobs.get(lease.job)
        except TypeError:  # an unhashable job id cannot be one of ours
            return None
        if rec is None or rec.state != "leased" or type(lease.token) is not int:
            return None
        # token and worker are compared as the store holds them (True is not 1, 1.0 is not 1);
        # the lease's attempt, expiry and payload are never read: the queue counts for itself
        same_worker = type(rec.worker) is type(lease.worker) and rec.worker == lease.worker
        return rec if rec.token == lease.token and same_worker else None

    def _reject(self, now, kind, lease) -> bool:
        self.trace.append(LeaseEvent(now, kind, lease.job, lease.worker, lease.attempt))
        return False

    def _enter(self, rec, state) -> None:
        if rec.state is not None:
            self._count[rec.state] -= 1
        rec.state = state
        self._count[state] += 1

    def _get(self, job_id):
        validate.store_name("job_id", job_id)
        self._catch_up()
        rec = self._jobs.get(job_id)
        if rec is None:
            raise ValueError(f"job_id {job_id!r} was never put in this queue")
        return rec

    def _log(self, time, kind, rec, until=None) -> None:
        self.trace.append(LeaseEvent(time, kind, rec.id, rec.worker, rec.attempts, until))

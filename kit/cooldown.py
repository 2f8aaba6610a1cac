"""Cooldowns and rate limits: work that may not run again too soon.

The seed's variation: "a job type can't run again until some time has passed; keep a 'not yet
ready' heap keyed on ready time". Three pieces:

- `least_interval(tasks, n)`: unit tasks, one per tick, and two tasks of the same type need at
  least `n` other ticks between them (idle ticks count). The fewest ticks is
  `max(len(tasks), (m - 1) * (n + 1) + k)`, for m the largest count of one type and k the number
  of types with that count: the most frequent type needs m - 1 frames of n + 1 ticks and a last
  frame holding the k types that tie on m; when there are more tasks than frame slots, frames
  widen and no tick idles. O(len(tasks)).
- `CooldownQueue`: jobs of several types; a type that ran at time t is ready again once
  `now >= t + cooldown`. Ready types sit in a heap ordered by the queue's rule, cooling types in a
  `kit.delayed.DelayedQueue` keyed on their ready time. `cooldown_schedule` runs it tick by tick;
  with the rule `most_left` (the type with the most jobs left first) it meets `least_interval`.
- `TokenBucket`: a rate limiter. The bucket holds at most `capacity` tokens and gains `rate`
  tokens per unit of time; a request of cost c goes through when c tokens are there. So a burst
  of `capacity` passes at once and any window of length w admits at most
  `capacity + rate * w`. `rate_limited_starts` queues requests behind it, first come first served.
"""

import heapq
import itertools
from collections import Counter, deque
from collections.abc import Iterable

from kit import validate
from kit.clock import FakeClock
from kit.delayed import DelayedQueue

__all__ = ["least_interval", "CooldownQueue", "cooldown_schedule", "TokenBucket",
           "rate_limited_starts", "ORDERS"]

ORDERS = ("fifo", "most_left")


def _check_tasks(tasks) -> list:
    if not isinstance(tasks, Iterable):  # a str is fine: "AAB" is three tasks of two types
        raise TypeError(f"tasks must be a list of task types, got {tasks!r}")
    tasks = list(tasks)
    for task in tasks:
        validate.hashable("each task", task)
    return tasks


def least_interval(tasks, n: int) -> int:
    """The fewest ticks, idle ones included, to run every task with `n` ticks between two of one
    type: `max(len(tasks), (m - 1) * (n + 1) + k)`. O(len(tasks))."""
    tasks = _check_tasks(tasks)
    validate.integer("n", n, low=0)
    if not tasks:
        return 0
    counts = Counter(tasks).values()
    m = max(counts)
    k = sum(1 for c in counts if c == m)
    return max(len(tasks), (m - 1) * (n + 1) + k)


class CooldownQueue:
    """Jobs by type; a type that ran at `t` may run again once `now >= t + cooldown`.

    `order` picks among ready types: `"fifo"` (the type whose oldest job came first) or
    `"most_left"` (the type with the most jobs waiting; ties by the type's first put).
    `put` and `take` cost O(log k) amortised for k types.
    """

    def __init__(self, cooldown: float, order: str = "fifo"):
        self.cooldown = validate.number("cooldown", cooldown, low=0)
        self.order = validate.choice("order", order, ORDERS)
        self._waiting: dict = {}  # type -> deque of (seq, job)
        self._first: dict = {}  # type -> seq of its first put (the most_left tie-break)
        self._ready: list = []  # (key, seq, type); stale entries skipped (lazy deletion)
        self._current: dict = {}  # type -> seq of its one live ready entry
        self._cooling = DelayedQueue()  # the "not yet ready" heap: type -> ready time
        self._seq = itertools.count()

    def __len__(self) -> int:
        return sum(len(jobs) for jobs in self._waiting.values())

    def __repr__(self) -> str:
        return f"CooldownQueue(cooldown={self.cooldown!r}, order={self.order!r}, jobs={len(self)})"

    def put(self, job, kind) -> None:
        """Queue `job` of type `kind`; O(log k)."""
        validate.hashable("kind", kind)
        seq = next(self._seq)
        self._first.setdefault(kind, seq)
        self._waiting.setdefault(kind, deque()).append((seq, job))
        if kind not in self._cooling and (kind not in self._current or self.order == "most_left"):
            self._make_ready(kind)  # most_left: its count changed, so its key did

    def take(self, now):
        """The next job of a ready type as `(kind, job)`, or None while every type cools.

        The type then cools until `now + cooldown`. O(log k) amortised.
        """
        validate.number("now", now)
        for kind in self._cooling.pop_due(now):
            if self._waiting.get(kind):
                self._make_ready(kind)
        while self._ready:
            _, seq, kind = heapq.heappop(self._ready)
            if self._current.get(kind) == seq:
                del self._current[kind]
                jobs = self._waiting[kind]
                _, job = jobs.popleft()
                if not jobs:
                    del self._waiting[kind]
                self._cooling.schedule(kind, now + self.cooldown)
                return kind, job
        return None

    def next_ready(self, now):
        """The earliest time >= `now` at which `take` returns a job (None if no job waits). O(k).

        A simulation can jump there instead of ticking through idle time.
        """
        validate.number("now", now)
        times = [max(now, self._cooling.when(kind)) if kind in self._cooling else now
                 for kind in self._waiting]
        return min(times, default=None)

    def cooling(self) -> dict:
        """Each cooling type and the time it is ready again (plain data for an explorer). O(k)."""
        return {kind: self._cooling.when(kind) for kind in self._first if kind in self._cooling}

    def _make_ready(self, kind) -> None:
        jobs = self._waiting[kind]
        key = jobs[0][0] if self.order == "fifo" else (-len(jobs), self._first[kind])
        seq = next(self._seq)
        self._current[kind] = seq
        heapq.heappush(self._ready, (key, seq, kind))


def cooldown_schedule(tasks, n: int, order: str = "most_left") -> list:
    """Run unit tasks through a CooldownQueue, one tick at a time, `n` ticks apart per type.

    Returns the type run at each tick, None for an idle tick. With `most_left` its length is
    `least_interval(tasks, n)`; with `fifo` it can be longer. O(T log k) for T ticks.
    """
    tasks = _check_tasks(tasks)
    validate.integer("n", n, low=0)
    queue = CooldownQueue(n + 1, order)  # started at t, ready again at t + n + 1
    for i, task in enumerate(tasks):
        queue.put(i, task)
    ticks = []
    for t in itertools.count():
        if not queue:
            return ticks
        got = queue.take(t)
        ticks.append(None if got is None else got[0])


class TokenBucket:
    """At most `capacity` tokens, refilled at `rate` per unit of time from an injected clock.

    The bucket starts full (or with `tokens`). Refilling is lazy: each call adds
    `rate * (now - last)` and caps at `capacity`, so every operation is O(1).
    """

    def __init__(self, rate: float, capacity: float, clock, tokens: float | None = None):
        self.rate = validate.number("rate", rate, low=0, low_open=True)
        self.capacity = validate.number("capacity", capacity, low=0, low_open=True)
        if not callable(getattr(clock, "now", None)):
            raise TypeError(f"clock must have a now() method, got {clock!r}")
        self.clock = clock
        tokens = capacity if tokens is None else tokens
        self._tokens = validate.number("tokens", tokens, low=0, high=capacity)
        self._last = clock.now()

    def __repr__(self) -> str:
        return f"TokenBucket(rate={self.rate!r}, capacity={self.capacity!r})"

    def available(self) -> float:
        """The tokens in the bucket now (negative while reservations are being paid back)."""
        now = self.clock.now()
        if now < self._last:
            raise ValueError(f"the clock went backwards: now() = {now!r} after {self._last!r}")
        self._tokens = min(self.capacity, self._tokens + (now - self._last) * self.rate)
        self._last = now
        return self._tokens

    def try_acquire(self, cost: float = 1) -> bool:
        """Take `cost` tokens if they are there (True), else take nothing (False)."""
        self._check_cost(cost)
        if self.available() >= cost:
            self._tokens -= cost
            return True
        return False

    def wait_time(self, cost: float = 1) -> float:
        """How long until `cost` tokens are there, if nobody else takes any; 0 if now."""
        self._check_cost(cost)
        return max(0, (cost - self.available()) / self.rate)

    def reserve(self, cost: float = 1) -> float:
        """Take `cost` tokens now, going into debt if needed; return how long the caller must
        wait before using them. Later callers queue behind the debt, first come first served."""
        self._check_cost(cost)
        wait = self.wait_time(cost)
        self._tokens -= cost
        return wait

    def _check_cost(self, cost) -> None:
        validate.number("cost", cost, low=0, high=self.capacity)


def rate_limited_starts(arrivals, rate: float, capacity: float) -> list:
    """When each request of cost 1 starts if requests queue behind a token bucket, in order of
    arrival. `arrivals` must not decrease. O(n)."""
    if isinstance(arrivals, str | bytes) or not isinstance(arrivals, Iterable):
        raise TypeError(f"arrivals must be a list of times, got {arrivals!r}")
    arrivals = list(arrivals)
    for i, a in enumerate(arrivals):
        validate.number(f"arrivals[{i}]", a)
        if i and a < arrivals[i - 1]:
            raise ValueError(f"arrivals must not decrease, got {arrivals[i - 1]!r} then {a!r}")
    clock = FakeClock(arrivals[0] if arrivals else 0)
    bucket = TokenBucket(rate, capacity, clock)
    starts = []
    for a in arrivals:
        clock.advance(a - clock.now())
        starts.append(a + bucket.reserve())
    return starts


"""Exponential backoff with a cap, the jitter family, and the thundering herd.

After a failure a client waits before retrying. The *ceiling* of that wait doubles with every
attempt (`base`, `2 * base`, `4 * base`, ...) and is clamped to `cap`, exactly
`min(cap, base * 2 ** attempt)` for every attempt; the doubling stops at the cap, so attempt 10**6
costs no more than attempt 30 and never overflows. Without randomness every
client that failed at the same moment computes the same wait and they all come back together: one
outage becomes a train of retry spikes. *Jitter* picks part of the wait at random to spread them.

A strategy is a small function `(attempt, base, cap, rand, previous) -> seconds`, chosen by name:

    "none"          the ceiling itself (exponential backoff, no jitter -- not "no backoff")
    "full"          uniform in [0, ceiling)
    "equal"         ceiling / 2 plus uniform in [0, ceiling / 2)
    "decorrelated"  min(cap, uniform(base, 3 * previous)), previous starting at base (per client)

`rand` is an injected callable returning floats in [0, 1); this module never touches the global
random state except as the default `rand` of `backoff_delay`. `simulate_herd` replays the AWS
Architecture Blog experiment ("Exponential backoff and jitter") with a seeded `random.Random`.
"""

import heapq
import math
import random
from collections.abc import Callable
from typing import NamedTuple

from kit import validate

__all__ = ["RULES", "STRATEGIES", "Herd", "backoff_delay", "decorrelated_jitter", "delay_for",
           "equal_jitter", "full_jitter", "herd_retry_times", "no_jitter", "retry_schedule",
           "simulate_herd"]

MAX_TICKS = 10**7  # simulate_herd refuses to build a per-tick list longer than this


# --- argument checks: kit.validate, once at each public entrance ---------------------------------

def _check_seconds(value, name):
    validate.number(name, value, low=0, finite=False)  # a cap may be infinite, never NaN


def _draw(rand) -> float:
    r = rand()
    if not 0 <= r < 1:
        raise ValueError(f"rand() must return a float in [0, 1), got {r!r}")
    return r


# --- the ceiling and the jitter family ------------------------------------------------------------

def _ceiling(attempt, base, cap):
    """min(cap, base * 2 ** attempt), exactly, for every attempt. The power is never built: the
    ceiling doubles only while it is below cap (doubling a float is exact), and a float reaches
    any cap, or inf, within about 2,100 doublings, so attempt 10**9 costs that at most."""
    ceiling = float(base)
    for _ in range(attempt):
        if ceiling >= cap or ceiling == 0:
            break  # every later doubling gives cap (or 0) too
        ceiling *= 2
    return min(cap, ceiling)


def _none(attempt, base, cap, rand, previous):
    return _ceiling(attempt, base, cap)


def _full(attempt, base, cap, rand, previous):
    return _draw(rand) * _ceiling(attempt, base, cap)


def _equal(attempt, base, cap, rand, previous):
    half = _ceiling(attempt, base, cap) / 2
    return half + _draw(rand) * half


def _decorrelated(attempt, base, cap, rand, previous):
    prev = base if previous is None else previous
    return min(cap, base + _draw(rand) * (3 * prev - base))


def _checked(rule, name, doc):
    """Wrap a raw rule with the argument checks: the public strategy functions validate."""

    def strategy(attempt, base, cap, rand=random.random, previous=None):
        validate.integer("attempt", attempt, low=0)
        _check_seconds(base, "base")
        _check_seconds(cap, "cap")
        validate.function("rand", rand)
        if previous is not None:
            _check_seconds(previous, "previous")
        return rule(attempt, base, cap, rand, previous)

    strategy.__name__ = strategy.__qualname__ = name
    strategy.__doc__ = doc
    return strategy


no_jitter = _checked(_none, "no_jitter", "Wait the ceiling itself: lock-step retries. O(1).")
full_jitter = _checked(_full, "full_jitter", "Wait uniformly in [0, ceiling). O(1).")
equal_jitter = _checked(_equal, "equal_jitter",
                        "Wait ceiling / 2 plus uniform in [0, ceiling / 2): never at once. O(1).")
decorrelated_jitter = _checked(_decorrelated, "decorrelated_jitter", (
    "Wait min(cap, uniform(base, 3 * previous)); `previous` is this client's last wait (None on "
    "its first retry means base). `attempt` is ignored: the wait grows through `previous`. O(1)."))

STRATEGIES: dict[str, Callable[..., float]] = {
    "none": no_jitter, "full": full_jitter, "equal": equal_jitter,
    "decorrelated": decorrelated_jitter,
}
# The same rules without the argument checks, for loops that check base, cap and rand once at their
# door and then draw thousands of waits (simulate_herd, kit.herd).
RULES: dict[str, Callable[..., float]] = {
    "none": _none, "full": _full, "equal": _equal, "decorrelated": _decorrelated,
}


def delay_for(strategy: str, attempt: int, base: float, cap: float,
              rand: Callable[[], float] = random.random, previous: float | None = None) -> float:
    """The wait before retry `attempt` under the named strategy (see STRATEGIES). O(1)."""
    validate.choice("strategy", strategy, STRATEGIES)
    return STRATEGIES[strategy](attempt, base, cap, rand, previous)


def backoff_delay(attempt: int, base: float, cap: float,
                  rand: Callable[[], float] = random.random) -> float:
    """Seconds to wait before retry number `attempt` (0 = the first retry), with full jitter.

    Rule: ceiling = min(cap, base * 2 ** attempt), exact for every attempt (the doubling stops at
    the cap, so it never overflows); the wait is rand() * ceiling, so it lies in [0, ceiling).
    Raises ValueError for a negative or non-integer attempt (bools included) and for a negative
    base or cap. O(log(cap / base)) at most, whatever the attempt number.
    """
    return full_jitter(attempt, base, cap, rand)


def retry_schedule(attempts: int, base: float, cap: float, rand: Callable[[], float],
                   strategy: str = "full") -> list[float]:
    """Absolute retry times after a failure at t = 0: the running sum of the waits.

    Retry `a` (0-based) happens after waiting `delay_for(strategy, a, ...)`; decorrelated jitter
    feeds each wait back in as `previous`. The list has `attempts` entries and never decreases
    (waits are >= 0). O(attempts).
    """
    validate.integer("attempts", attempts, low=0)
    _check_seconds(base, "base")
    _check_seconds(cap, "cap")
    validate.function("rand", rand)
    validate.choice("strategy", strategy, STRATEGIES)
    rule = RULES[strategy]
    t, previous, out = 0.0, None, []
    for a in range(attempts):
        previous = rule(a, base, cap, rand, previous)
        t += previous
        out.append(t)
    return out


def herd_retry_times(clients: int, strategy: str, attempts: int, base: float, cap: float,
                     seed: int = 0) -> list[list[float]]:
    """Retry times of `clients` clients that all failed at t = 0, one list per client.

    Client i's list is `retry_schedule(attempts, base, cap, rng.random, strategy)`, all clients
    drawing in turn from one `random.Random(seed)`. With "none" every list is identical (lock-step
    spikes); with jitter they spread. O(clients * attempts).
    """
    validate.integer("clients", clients, low=1)
    validate.integer("seed", seed)
    rng = random.Random(seed)
    return [retry_schedule(attempts, base, cap, rng.random, strategy) for _ in range(clients)]


# --- the thundering herd --------------------------------------------------------------------------

class Herd(NamedTuple):
    calls: int  # every call made, successes and conflicts alike (the work)
    finish: float  # when the last client's successful call ended
    tick: float  # width of one bucket of `per_tick`
    per_tick: list[int]  # per_tick[k] = calls started in [k * tick, (k + 1) * tick)


def simulate_herd(clients: int, strategy: str, base: float = 1.0, cap: float = 100.0,
                  seed: int = 0, call_time: float = 1.0, tick: float = 10.0) -> Herd:
    """N clients hit one shared resource at t = 0; count the work until every one has succeeded.

    The model (after the AWS Architecture Blog's "Exponential backoff and jitter" experiment, whose
    clients contend on optimistic concurrency control):

    - Every client wants to make one successful call. All make their first call at t = 0.
    - A call started at `s` lasts `call_time`. The resource serves one call at a time: a call
      that starts while no successful call is in progress (`s >= busy_until`) succeeds and holds
      the resource for [s, s + call_time). A call that starts while one is in progress
      (`s < busy_until`) overlaps it: it conflicts, and the client learns that at
      `s + call_time`, when the call fails. A conflicting call does not extend `busy_until`.
    - Calls starting at the same instant are taken in the order they were scheduled (a counter keeps
      ties FIFO, client 0 first at t = 0): the first wins, the rest conflict. So without jitter
      exactly one client of the lock-step crowd succeeds per round.
    - After its conflict number k (k = 0, 1, ...) a client waits
      `delay_for(strategy, k, base, cap, ...)` and calls again; decorrelated jitter keeps each
      client's own `previous`. All draws come from one `random.Random(seed)` in event order, so
      the result is deterministic.

    Times are in units of `call_time` by default (1.0). The defaults (base 1, cap 100, tick 10) make
    the AWS result plain at 100 clients: "none" costs n(n+1)/2 calls and about n * cap time, while
    full jitter needs a small fraction of both. Returns `Herd(calls, finish, tick, per_tick)`;
    raises ValueError rather than build a `per_tick` longer than MAX_TICKS buckets.
    Cost: O(calls * log clients) with a heap of pending calls `(time, seq, client)`.
    """
    validate.integer("clients", clients, low=1)
    validate.choice("strategy", strategy, STRATEGIES)
    _check_seconds(base, "base")
    _check_seconds(cap, "cap")
    validate.number("call_time", call_time, low=0, low_open=True)
    validate.number("tick", tick, low=0, low_open=True)
    validate.integer("seed", seed)
    rule, rand = RULES[strategy], random.Random(seed).random
    pending = [(0.0, i, i) for i in range(clients)]  # (start time, seq, client): already a heap
    pop, push, seq = heapq.heappop, heapq.heappush, clients
    conflicts = [0] * clients  # conflicts so far = attempt number of the next wait
    previous: list[float | None] = [None] * clients
    busy_until, calls, finish, per_tick = -math.inf, 0, 0.0, []
    while pending:
        start, _, client = pop(pending)  # starts come out in time order
        calls += 1
        bucket = int(start // tick)
        if bucket >= len(per_tick):
            if bucket >= MAX_TICKS:
                raise ValueError(f"tick must be larger: a call at {start!r} falls in bucket "
                                 f"{bucket} (limit {MAX_TICKS}) with tick={tick!r}")
            per_tick.extend([0] * (bucket + 1 - len(per_tick)))
        per_tick[bucket] += 1
        if start >= busy_until:  # the resource is free: this call wins
            busy_until = finish = start + call_time  # successes come in time order
            continue
        wait = rule(conflicts[client], base, cap, rand, previous[client])
        conflicts[client] += 1
        previous[client] = wait
        push(pending, (start + call_time + wait, seq, client))
        seq += 1
    return Herd(calls, finish, tick, per_tick)

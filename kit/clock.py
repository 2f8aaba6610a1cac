"""Clocks are injected, never read from the wall inside an algorithm.

`FakeClock` is moved by hand (tests, notebooks, tick simulations); `MonotonicClock` reads
`time.monotonic()` and is meant for the real-thread scheduler only.

Two different clocks hide behind "the time". The *wall clock* (`time.time()`) says what time it
is in the world: NTP, a leap second or an administrator can set it back or forward, so the gap
between two readings can be negative or an hour too long. A *monotonic clock*
(`time.monotonic()`) only counts seconds since some arbitrary start (often the boot): its
readings mean nothing as dates, but it never goes backwards, so `later - earlier` is a true
duration. Timeouts, delays and backoff want the monotonic clock; "run at 09:00" wants the wall
clock; tests want neither (a `FakeClock`).
"""

import time

from kit import validate


class FakeClock:
    """A clock that only moves when told to: `now()` is O(1), `advance(dt)` is O(1)."""

    def __init__(self, start: float = 0):
        self._now = validate.number("start", start)

    def now(self) -> float:
        return self._now

    def advance(self, dt: float) -> float:
        """Move time forward by `dt` (>= 0) and return the new time."""
        self._now += validate.number("dt", dt, low=0)  # a fake clock never runs backwards
        return self._now

    def __repr__(self) -> str:
        return f"FakeClock(now={self._now!r})"


class MonotonicClock:
    """Seconds from `time.monotonic()`: never backwards, so differences are true durations.

    Not the wall clock: its zero is arbitrary (not 1970, not midnight), and it does not jump when
    the system time is set. Use it for delays and timeouts on real threads."""

    def now(self) -> float:
        return time.monotonic()

    def __repr__(self) -> str:
        return "MonotonicClock()"

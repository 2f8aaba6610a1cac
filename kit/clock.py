"""Clocks are injected, never read from the wall inside an algorithm.

`FakeClock` is moved by hand (tests, notebooks, tick simulations); `MonotonicClock` reads
`time.monotonic()` and is meant for the real-thread scheduler only.
"""

import time
from numbers import Real


class FakeClock:
    """A clock that only moves when told to: `now()` is O(1), `advance(dt)` is O(1)."""

    def __init__(self, start: float = 0):
        if not isinstance(start, Real) or isinstance(start, bool):
            raise TypeError(f"start must be a number, got {start!r}")
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, dt: float) -> float:
        """Move time forward by `dt` (>= 0) and return the new time."""
        if not isinstance(dt, Real) or isinstance(dt, bool):
            raise TypeError(f"dt must be a number, got {dt!r}")
        if dt < 0:
            raise ValueError(f"dt must be >= 0 (time never runs backwards), got {dt!r}")
        self._now += dt
        return self._now

    def __repr__(self) -> str:
        return f"FakeClock(now={self._now!r})"


class MonotonicClock:
    """Wall-time seconds that never go backwards (`time.monotonic`)."""

    def now(self) -> float:
        return time.monotonic()

    def __repr__(self) -> str:
        return "MonotonicClock()"

"""What every benchmark module shares: a timer and a row of the results table.

A benchmark module is `benchmarks/bench_<topic>.py` with a function `run(quick: bool) -> list[Row]`.
`quick=True` uses smaller sizes (for a smoke test); the README table comes from `quick=False`.
"""

import gc
import statistics
import time
from collections.abc import Callable
from typing import NamedTuple


class Row(NamedTuple):
    topic: str
    what: str  # what was measured, with its size
    seconds: float  # median time of the measured code
    floor: str  # the floor it is compared with ("" when the row is an absolute time)
    floor_seconds: float  # median time of the floor in the same run (0 when no floor)
    target: str  # the target from the issue, in words, e.g. "<= 4x" or "< 2 s"

    @property
    def ratio(self) -> float | None:
        return self.seconds / self.floor_seconds if self.floor_seconds else None


def median_time(fn: Callable[[], object], repeat: int = 3,
                setup: Callable[[], object] | None = None) -> float:
    """Median wall time of `fn()` over `repeat` runs; `setup()` (untimed) runs before each one."""
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        gc.collect()
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)

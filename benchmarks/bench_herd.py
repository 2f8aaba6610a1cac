"""The whole AWS backoff experiment (19 client counts x 5 strategies x 100 runs; target < 60 s).

The floor is a bare heapq event loop with the same number of events, measured in the same run: for
every grid point, one heappop and one heappush of a `(time, seq, client)` entry per event of that
point, on a heap of `clients` entries, with no model around it. The experiment has two events per
attempt (a read and a write reach the row), so its events are twice its calls. The ratio is what
the model costs on top of its heap: four network draws, a jitter rule and the version test.
On a shared machine wall time includes waiting for a core, so the row also gives both CPU times.
"""

import heapq
import time

from benchmarks.common import Row, median_time
from kit.herd import CLIENTS, STRATEGIES, grid


def heap_floor(clients: int, events: int) -> None:
    pending = [(0.0, i, i) for i in range(clients)]
    for seq in range(events):
        t, _, client = heapq.heappop(pending)
        heapq.heappush(pending, (t + 1.0, clients + seq, client))


def run(quick: bool) -> list[Row]:
    clients, runs = (CLIENTS[::6], 5) if quick else (CLIENTS, 100)
    table = {}

    def experiment():
        table.update(grid(clients, runs=runs))

    cpu = time.process_time()
    seconds = median_time(experiment, repeat=1)
    cpu = time.process_time() - cpu  # on a shared machine, wall time includes waiting for a core
    # mean calls x runs is the total number of writes of a point (a whole number)
    events = {(n, s): 2 * round(point.calls * runs)
              for s, row in table.items() for n, point in zip(clients, row, strict=True)}

    def floor():
        for (n, _), count in events.items():
            heap_floor(n, count)

    floor_cpu = time.process_time()
    floor_seconds = median_time(floor, repeat=1)
    floor_cpu = time.process_time() - floor_cpu
    total = sum(events.values())
    what = (f"aws_experiment grid: {len(clients)} client counts x {len(STRATEGIES)} strategies x "
            f"{runs} runs ({total:,} events, {seconds / total * 1e6:.2f} us each; CPU time "
            f"{cpu:.1f} s, {cpu / floor_cpu:.2f}x the floor's {floor_cpu:.1f} s)")
    return [Row("herd", what, seconds, f"bare heapq loop, {total:,} events", floor_seconds,
                "< 60 s")]

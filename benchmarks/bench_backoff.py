"""simulate_herd with 1 000 clients under each jitter strategy (issue target: < 2 s each).

The floor is the bare heap traffic of the same run: one heappop and one heappush of a
`(time, seq, client)` entry per call made, on a heap of `clients` entries, with no model around it.
The ratio shows what the model (conflict test, jitter draws, per-tick buckets) costs on top.
"""

import heapq

from benchmarks.common import Row, median_time
from kit.backoff import STRATEGIES, simulate_herd


def heap_floor(clients: int, calls: int) -> None:
    pending = [(0.0, i, i) for i in range(clients)]
    for seq in range(calls):
        t, _, client = heapq.heappop(pending)
        heapq.heappush(pending, (t + 1.0, clients + seq, client))


def run(quick: bool) -> list[Row]:
    clients = 100 if quick else 1000
    repeat = 1 if quick else 3
    rows = []
    for name in STRATEGIES:
        calls = simulate_herd(clients, name, seed=0).calls
        seconds = median_time(lambda name=name: simulate_herd(clients, name, seed=0), repeat)
        floor = median_time(lambda calls=calls: heap_floor(clients, calls), repeat)
        rows.append(Row("backoff", f"simulate_herd {clients} clients, {name!r} ({calls} calls)",
                        seconds, f"heap pop+push x {calls}", floor, "< 2 s"))
    return rows

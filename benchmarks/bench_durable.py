"""The durable scheduler: K jobs submitted and drained on a file, against the tick scheduler.

Both run the same K no-op jobs on 4 worker slots with a FakeClock. The floor is the in-memory
`kit.scheduler.Scheduler`; the ratio is what durability costs per job: one transaction to submit,
one to promote per tick, one to claim and one to write the outcome (each a BEGIN IMMEDIATE and a
COMMIT to the WAL), plus the executor's heartbeat thread started and joined around each run.
Restart cost: opening the file again and reloading the K READY rows into the ready heap.
"""

import os
import tempfile

from benchmarks.common import Row, median_time
from kit.clock import FakeClock
from kit.durable_scheduler import DurableScheduler
from kit.scheduler import PriorityPolicy, Scheduler


def _noop(payload):
    return payload


def _durable(k: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "bench.db")

        def work():
            s = DurableScheduler(path, {"noop": _noop}, clock=FakeClock(), workers=4)
            for i in range(k):
                s.submit(i, "noop", i, priority=i % 5)
            s.drain(limit=k)
            assert all(row.status == "DONE" for row in s.jobs())
            s.close()

        def fresh():
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(path + suffix):
                    os.remove(path + suffix)

        return median_time(work, setup=fresh)


def _memory(k: int) -> float:
    def work():
        s = Scheduler(FakeClock(), PriorityPolicy(), 4)
        for i in range(k):
            s.submit(i, lambda i=i: i, priority=i % 5)
        s.drain(limit=k)
    return median_time(work)


def _restart(k: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "bench.db")
        clock = FakeClock()
        s = DurableScheduler(path, {"noop": _noop}, clock=clock, workers=1)
        for i in range(k):
            s.submit(i, "noop", i)
        s.tick()  # promotes all k: READY rows to reload
        s.close()
        return median_time(lambda: DurableScheduler(path, {"noop": _noop}, clock=clock).close())


def run(quick: bool = False) -> list[Row]:
    k = 200 if quick else 2_000
    durable, memory = _durable(k), _memory(k)
    return [Row("durable", f"submit + drain {k:,} jobs, 4 slots, on a file", durable,
                f"tick Scheduler in memory, same {k:,} jobs", memory, "report (no target)"),
            Row("durable", f"restart: reopen a file with {k:,} READY rows", _restart(k), "", 0,
                "report (no target)")]

"""The SQLite lease queue: lease+ack throughput with 1 and 4 worker processes on one file.

K jobs are put in a fresh file; then N processes (forked, each with its own connection, started
together on an event) lease and ack until the queue is empty. The time is from the start signal
until the last process is done. The floor is the in-memory LeaseQueue doing the same K lease+ack
pairs in this process: the ratio is the cost of a transaction per operation (BEGIN IMMEDIATE,
the catch-up queries, the claim, COMMIT to the WAL). Extra processes do not add throughput: they
take turns at the file's single write lock.
"""

import multiprocessing as mp
import os
import tempfile
import time

from benchmarks.common import Row, median_time
from kit.clock import FakeClock
from kit.lease import LeaseQueue
from kit.store import SqliteLeaseQueue

FOREVER = 10**6  # seconds: no lease expires during a measurement


def _drain(path, name, go, done):
    q = SqliteLeaseQueue(path, FOREVER, 3)
    go.wait()
    while (lease := q.lease(name)) is not None:
        q.ack(lease)
    q.close()
    done.put(time.perf_counter())


def _file_time(k: int, workers: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "bench.db")
        with SqliteLeaseQueue(path, FOREVER, 3) as q:
            for i in range(k):
                q.put(i)
        ctx = mp.get_context("fork")
        go, done = ctx.Event(), ctx.Queue()
        procs = [ctx.Process(target=_drain, args=(path, f"w{i}", go, done))
                 for i in range(workers)]
        for p in procs:
            p.start()
        time.sleep(0.3)  # let every process open its connection
        started = time.perf_counter()
        go.set()
        finished = max(done.get(timeout=600) for _ in procs)
        for p in procs:
            p.join()
        with SqliteLeaseQueue(path, FOREVER, 3) as q:
            assert q.stats().done == k, "every job must be acked exactly once"
        return finished - started


def _memory_time(k: int) -> float:
    q = LeaseQueue(FakeClock(0), FOREVER, 3)

    def put_k():
        for i in range(k):
            q.put(i)

    def lease_ack_k():
        lease, ack = q.lease, q.ack
        for _ in range(k):
            ack(lease("w"))

    return median_time(lease_ack_k, repeat=3, setup=put_k)


def run(quick: bool) -> list[Row]:
    k = 2_000 if quick else 20_000
    floor = _memory_time(k)
    label = f"in-memory LeaseQueue, {k:,} lease+ack"
    rows = []
    for workers in (1, 4):
        seconds = min(_file_time(k, workers) for _ in range(1 if quick else 3))
        rows.append(Row("store", f"SQLite file, {workers} process(es): {k:,} lease+ack "
                        f"({k / seconds:,.0f} jobs/s)", seconds, label, floor,
                        "report jobs/s"))
    return rows

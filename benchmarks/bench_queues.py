"""The three lease queues side by side: lease+ack throughput with 1, 2, 4 and 8 worker processes.

K jobs are put in a fresh queue; then N processes (forked, each with its own connection, started
together on an event) lease and ack until the queue is empty. The time is from the start signal
until the last process is done. The floor is the in-memory LeaseQueue doing the same K lease+ack
pairs in this process, so each ratio is what durability and sharing cost per job:

- SQLite (one file, WAL, synchronous=NORMAL): every operation takes the file's single write lock,
  so extra processes take turns instead of adding throughput.
- PostgreSQL (a local server over TCP, synchronous_commit=off: the same promise as SQLite's
  WAL mode, a commit survives a crashed process but not a power cut): each operation is a few
  round trips to the server, but claims with FOR UPDATE SKIP LOCKED run side by side, so
  throughput grows with workers until the cores run out.

The PostgreSQL server is the one KIT_PG_DSN names, or a throwaway local one
(`kit.pgqueue.local_server`); without either the PostgreSQL rows are skipped.
"""

import contextlib
import multiprocessing as mp
import os
import tempfile
import time

from benchmarks.common import Row, median_time
from kit.clock import FakeClock
from kit.lease import LeaseQueue
from kit.store import SqliteLeaseQueue

FOREVER = 10**6  # seconds: no lease expires during a measurement
WORKERS = (1, 2, 4, 8)


def _open(target):
    if target.startswith("postgresql://"):
        from kit.pgqueue import PostgresLeaseQueue
        return PostgresLeaseQueue(target, FOREVER, 3, queue="bench")
    return SqliteLeaseQueue(target, FOREVER, 3)


def _drain(target, name, go, done):
    q = _open(target)
    go.wait()
    while (lease := q.lease(name)) is not None:
        q.ack(lease)
    q.close()
    done.put(time.perf_counter())


def _fill(target, k: int) -> None:
    with _open(target) as q:
        if hasattr(q, "drop"):
            q.drop()
        for i in range(k):
            q.put(i)


def _shared_time(target, k: int, workers: int) -> float:
    """Seconds for `workers` processes to lease and ack all k jobs of a fresh queue."""
    _fill(target, k)
    ctx = mp.get_context("fork")
    go, done = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_drain, args=(target, f"w{i}", go, done))
             for i in range(workers)]
    for p in procs:
        p.start()
    time.sleep(0.5)  # let every process open its connection
    started = time.perf_counter()
    go.set()
    finished = max(done.get(timeout=600) for _ in procs)
    for p in procs:
        p.join()
    with _open(target) as q:
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


@contextlib.contextmanager
def _postgres():
    """KIT_PG_DSN, or a throwaway local server, or None when there is neither."""
    if os.environ.get("KIT_PG_DSN"):
        yield os.environ["KIT_PG_DSN"]
        return
    try:
        import psycopg  # noqa: F401

        from kit.pgqueue import ServerMissing, local_server
    except ImportError:
        yield None
        return
    try:
        server = local_server()
        dsn = server.__enter__()
    except ServerMissing:
        yield None
        return
    try:
        yield dsn
    finally:
        server.__exit__(None, None, None)


def run(quick: bool) -> list[Row]:
    k = 500 if quick else 4_000
    repeat = 1 if quick else 3
    floor = _memory_time(k)
    label = f"in-memory LeaseQueue, {k:,} lease+ack"
    rows = []
    with tempfile.TemporaryDirectory() as folder, _postgres() as dsn:
        targets = [("SQLite file", os.path.join(folder, "bench.db"))]
        if dsn is not None:
            targets.append(("PostgreSQL (local, TCP)", dsn))
        for name, target in targets:
            for workers in WORKERS:
                seconds = min(_shared_time(target, k, workers) for _ in range(repeat))
                rows.append(Row("queues", f"{name}, {workers} process(es): {k:,} lease+ack "
                                f"({k / seconds:,.0f} jobs/s)", seconds, label, floor,
                                "report jobs/s"))
    return rows

"""The three lease queues side by side: claim+ack throughput with 1, 2 and 4 worker processes.

K jobs are put in a fresh queue; then N processes (forked, each with its own connection, started
together on an event) lease and ack until the queue is empty. The time is from the start signal
until the last process is done. Two floors, each measured in the same run:

- memory and SQLite rows: the in-memory LeaseQueue doing the same K lease+ack pairs in this
  process, so each ratio is what durability and sharing cost per job. SQLite (one file, WAL,
  synchronous=FULL: every commit fsynced) takes the file's single write lock for every
  operation, so extra processes take turns instead of adding throughput.
- PostgreSQL rows: a bare loop on the same server with as many processes, one statement per job
  (`DELETE ... WHERE id = (SELECT ... FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING id`, one commit),
  the least any SKIP LOCKED queue can do. Both run with synchronous_commit=on (a commit survives
  a crash of the server). A lease needs a claim and an ack, two commits, so kit/bare (jobs/s
  over jobs/s) is at most about 0.5; the target is >= 0.4 at every count, growing with workers.
"""

import contextlib
import math
import multiprocessing as mp
import os
import tempfile
import time

from benchmarks.common import Row, median_time
from kit.clock import FakeClock
from kit.lease import LeaseQueue
from kit.store import SqliteLeaseQueue

FOREVER = 10**6  # seconds: no lease expires during a measurement
WORKERS = (1, 2, 4)
BARE_TABLE = "CREATE TABLE IF NOT EXISTS bench_bare (id bigint PRIMARY KEY)"
BARE_CLAIM = ("DELETE FROM bench_bare WHERE id = (SELECT id FROM bench_bare ORDER BY id LIMIT 1 "
              "FOR UPDATE SKIP LOCKED) RETURNING id")


class _Bare:
    """The floor: a bare SKIP LOCKED loop, one statement (one round trip, one commit) per job."""

    def __init__(self, dsn):
        from kit.pgqueue import connect
        self.conn = connect(dsn)

    def lease(self, name):
        row = self.conn.execute(BARE_CLAIM, prepare=True).fetchone()
        return row

    def ack(self, lease):
        return True

    def close(self):
        self.conn.close()


def _open(target):
    if target.startswith("bare:"):
        return _Bare(target[len("bare:"):])
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
    if target.startswith("bare:"):
        from kit.pgqueue import connect
        with connect(target[len("bare:"):]) as conn:
            conn.execute(BARE_TABLE)
            conn.execute("TRUNCATE bench_bare")
            conn.execute("INSERT INTO bench_bare SELECT generate_series(1, %s)", (k,))
            conn.execute("VACUUM ANALYZE bench_bare")
        return
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
    if not target.startswith("bare:"):
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
    k = 300 if quick else 2_000
    repeat = 1 if quick else 2
    floor = _memory_time(k)
    label = f"in-memory LeaseQueue, {k:,} lease+ack"
    rows = [Row("queues", f"in-memory LeaseQueue, 1 process: {k:,} lease+ack "
                f"({k / floor:,.0f} jobs/s)", floor, label, floor, "report jobs/s")]
    with tempfile.TemporaryDirectory() as folder, _postgres() as dsn:
        path = os.path.join(folder, "bench.db")
        for workers in WORKERS:
            seconds = min(_shared_time(path, k, workers) for _ in range(repeat))
            rows.append(Row("queues", f"SQLite file, {workers} process(es): {k:,} lease+ack "
                            f"({k / seconds:,.0f} jobs/s)", seconds, label, floor,
                            "report jobs/s"))
        if dsn is None:
            return rows
        for workers in WORKERS:  # kit and bare alternate, so both meet the same load
            kit = bare = math.inf
            for _ in range(repeat):
                kit = min(kit, _shared_time(dsn, k, workers))
                bare = min(bare, _shared_time("bare:" + dsn, k, workers))
            rows.append(Row("queues", f"PostgreSQL queue, {workers} process(es): {k:,} claim+ack"
                            f" ({k / kit:,.0f} jobs/s; bare SKIP LOCKED {k / bare:,.0f} jobs/s, "
                            f"kit/bare {bare / kit:.2f})", kit,
                            f"bare SKIP LOCKED loop, {workers} process(es)", bare,
                            "kit/bare >= 0.4, growing with workers"))
    return rows

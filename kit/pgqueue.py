"""The lease queue on PostgreSQL, shared by workers on many machines.

`PostgresLeaseQueue` has LeaseQueue's operations and rules (kit/lease.py), exactly like
`SqliteLeaseQueue` (kit/store.py): the same expiry inequality, retries timed from the moment the
attempt ended, the same dead-letter rule, stale leases rejected by token, a lease of another queue
refused by name (`Lease.queue`), a clock stepping back undoes nothing. Three things change when
a hundred workers on different machines share one queue:

- **Atomic claims without a global lock.** SQLite lets one writer in at a time. Here the claim is
  one statement, `UPDATE ... FROM (SELECT ... ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED)`:
  each worker locks the oldest ready row that nobody else has locked, and skips the locked ones
  instead of queueing behind them, so claims run side by side and never hand out a job twice.
- **One clock.** Machines' clocks drift apart (clock skew): a worker whose clock runs 2 s fast
  thinks a lease has expired 2 s early. With `clock=None` every "now" is read from the database
  server, one clock for every worker. Tests inject a `FakeClock` instead.
- **Waiting without polling.** An idle worker calls `wait(timeout)`: it sleeps on LISTEN/NOTIFY
  until a `put` (or a retry that is due at once) announces a ready job, or until the next delayed
  job or lease expiry is due, whichever comes first.

Every operation is one transaction: read the clock once, expire the leases whose time has come
(`due <= now`, the rows locked with SKIP LOCKED, so a catch-up never waits for another worker),
then do its work. A job waiting for its run-at time is `delayed` with `due` = run-at; the
catch-up makes it `ready` once `due <= now` (as SQLite does), and a ready job stays ready
whatever the clock does afterwards (a clock stepping back, an NTP correction, never makes it
delayed again). Ready jobs go out in the order they became ready (`seq`, set then). Jobs of
many queues share the tables, told apart by the `queue` name. Job ids and worker names are str
or int (kept apart: 1 is not "1"); payloads are JSON. psycopg 3 is imported only here, lazily:
`pip install 'kit[postgres]'`.

`local_server()` starts a throwaway PostgreSQL cluster (initdb in a temporary folder, a free
port on 127.0.0.1) and yields its DSN; the notebook and the test suite use it.
"""

import contextlib
import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from kit import validate
from kit.lease import (
    DeadLetter,
    Lease,
    Stats,
    after_attempt,
    check_delay,
    check_fail,
    check_heartbeat,
    check_lease,
    check_put,
    check_settings,
    exponential_retry,
    is_held,
)
from kit.store import RowObservations, check_name, holdable, storable
from kit.validate import clock_reading

# THE expiry rule, in SQL: a lease has expired once `not is_held(now, due)`, i.e. due <= now.
EXPIRED = "state = 'leased' AND due <= %(now)s"
assert not is_held(5, 5) and is_held(4.999, 5)  # the same inequality as kit.lease

SCHEMA = """
CREATE TABLE IF NOT EXISTS kit_lease_jobs (
    queue text NOT NULL,
    id jsonb NOT NULL,                     -- a str or an int, as given: 1 and "1" differ
    payload text,                          -- JSON
    state text NOT NULL,                   -- ready, delayed, leased, done, dead
    attempts integer NOT NULL DEFAULT 0,   -- deliveries so far
    worker jsonb, token bigint,            -- the live grant (leased only)
    due float8 NOT NULL,                   -- delayed: run at, leased: expires at
    seq bigint NOT NULL,                   -- when the state or due was set: ready go by seq
    expired_last boolean NOT NULL DEFAULT false,  -- did the previous attempt end by expiry?
    duplicates integer NOT NULL DEFAULT 0, -- deliveries after an expiry (kept across re-puts)
    died_at float8, dead_reason text,
    error text,                            -- what the last fail(lease, error=...) said
    PRIMARY KEY (queue, id)
);
ALTER TABLE kit_lease_jobs ADD COLUMN IF NOT EXISTS error text;
CREATE INDEX IF NOT EXISTS kit_lease_jobs_by_due ON kit_lease_jobs (queue, state, due, seq);
CREATE INDEX IF NOT EXISTS kit_lease_jobs_by_seq ON kit_lease_jobs (queue, seq)
    WHERE state = 'ready';                 -- the claim's order: the order they became ready
CREATE SEQUENCE IF NOT EXISTS kit_lease_seq;
UPDATE kit_lease_jobs SET state = 'delayed' WHERE state = 'queued';
"""
# Are the tables there, with every column this version uses? (Else: create or add, once.)
EXISTS = ("SELECT to_regclass('kit_lease_jobs_by_seq') IS NOT NULL AND EXISTS (SELECT 1 FROM "
          "pg_attribute WHERE attrelid = to_regclass('kit_lease_jobs') AND attname = 'error')")
SCHEMA_LOCK = 0x4B49544C  # "KITL": one process at a time creates the tables
CHANNEL = "kit_lease"  # NOTIFY kit_lease, '<queue name>' when a job is ready at once

# "now" for one operation: the injected clock's reading, or (NULL) the server's clock.
NOW = "SELECT COALESCE(%(now)s::float8, extract(epoch FROM clock_timestamp())::float8) AS now"

# The catch-up: every lease whose time has come, earliest first; rows another worker has locked
# (it is expiring, acking or claiming them right now) are skipped, never waited for.
SWEEP = f"""
SELECT id, attempts, due FROM kit_lease_jobs
 WHERE queue = %(queue)s AND {EXPIRED}
 ORDER BY due, seq FOR UPDATE SKIP LOCKED
"""
# ... then every delayed job whose run-at time has come, made ready in time order (a fresh seq
# each: its place in line).
DUE = """
SELECT id FROM kit_lease_jobs
 WHERE queue = %(queue)s AND state = 'delayed' AND due <= %(now)s
 ORDER BY due, seq FOR UPDATE SKIP LOCKED
"""
MAKE_READY = """UPDATE kit_lease_jobs SET state = 'ready', seq = nextval('kit_lease_seq')
 WHERE queue = %(queue)s AND id = %(id)s"""

# The atomic claim, one statement: lock the job that has been ready longest (skipping rows other
# workers hold locked), take it, hand it back. The subquery is uncorrelated, so it runs once (an
# InitPlan): in a join it could be rescanned and, skipping the row it had just taken, take more.
# Tokens and seqs are fresh numbers of one sequence, so no two grants ever share a token.
CLAIM = """
UPDATE kit_lease_jobs
   SET state = 'leased', worker = %(worker)s, token = nextval('kit_lease_seq'),
       seq = nextval('kit_lease_seq'), due = %(now)s + %(for)s, attempts = attempts + 1,
       duplicates = duplicates + expired_last::int
 WHERE queue = %(queue)s AND id = (SELECT id FROM kit_lease_jobs
                                    WHERE queue = %(queue)s AND state = 'ready'
                                    ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED)
RETURNING id, attempts, payload, token, due
"""

# The fast path: one statement (one round trip, its own transaction) that reads the clock, sees
# whether any lease is waiting to be expired (or delayed job to be made ready) and, only if none
# is, does the operation. When one is, the caller takes the slow path: a transaction that sweeps
# first. Both paths meet the same
# state machine in the tests.
_STALE = ("SELECT EXISTS (SELECT 1 FROM kit_lease_jobs WHERE queue = %(queue)s AND "
          "state = 'leased' AND due <= (SELECT now FROM t)) OR EXISTS (SELECT 1 FROM "
          "kit_lease_jobs WHERE queue = %(queue)s AND state = 'delayed' AND due <= "
          "(SELECT now FROM t)) AS expiring")  # two range scans of the (state, due) index


def _unless_stale(statement: str, result: str) -> str:
    """`statement` (an UPDATE ... RETURNING whose last line starts with WHERE) run only when no
    lease is due to expire, at one reading of the clock; the result row is: now, whether a lease
    is due to expire, then `result` over what the statement returned (CTE `changed`)."""
    outer = statement.rindex("\n WHERE ")
    guarded = (statement[:outer] + "\n WHERE NOT (SELECT expiring FROM stale) AND "
               + statement[outer + len("\n WHERE "):]).replace("%(now)s", "(SELECT now FROM t)")
    return (f"WITH t AS ({NOW}), stale AS ({_STALE}), changed AS ({guarded})\n"
            f"SELECT (SELECT now FROM t), (SELECT expiring FROM stale), {result}")


LIVE_GRANT = ("queue = %(queue)s AND id = %(id)s AND state = 'leased' AND token = %(token)s "
              "AND worker = %(worker)s")
ACK = f"""UPDATE kit_lease_jobs SET state = 'done', worker = NULL, token = NULL
 WHERE {LIVE_GRANT} RETURNING 1"""
# never an earlier deadline than the lease has (kit.lease.later_deadline): a clock stepping back
HEARTBEAT = f"""UPDATE kit_lease_jobs SET due = GREATEST(due, %(now)s + %(extend)s),
       seq = nextval('kit_lease_seq')
 WHERE {LIVE_GRANT} RETURNING 1"""
CLAIM_FAST = _unless_stale(CLAIM.strip(), "c.* FROM (SELECT 1) one LEFT JOIN changed c ON true")
ACK_FAST = _unless_stale(ACK, "(SELECT count(*) FROM changed)")
HEARTBEAT_FAST = _unless_stale(HEARTBEAT, "(SELECT count(*) FROM changed)")



class ServerClock:
    """The database server's clock (seconds since the epoch): one clock for every worker."""

    def __init__(self, queue):
        self._queue = queue

    def now(self) -> float:
        return self._queue._run(lambda cur: cur.execute(NOW, {"now": None}).fetchone()[0])

    def __repr__(self) -> str:
        return "ServerClock()"


class QueueServerError(ConnectionError):
    """The PostgreSQL server cannot be reached, or the connection to it was lost."""


def load_psycopg():
    try:
        import psycopg
    except ImportError:
        raise ImportError("kit.pgqueue needs psycopg 3: pip install 'kit[postgres]' "
                          "(or psycopg[binary])") from None
    return psycopg


def _where(dsn: str) -> str:
    """host:port a DSN points at (libpq's defaults when it does not say)."""
    from psycopg.conninfo import conninfo_to_dict
    d = conninfo_to_dict(dsn)
    host = d.get("host") or os.environ.get("PGHOST") or "localhost (Unix socket)"
    port = d.get("port") or os.environ.get("PGPORT") or "5432"
    return f"{host}:{port}"


def connection_errors() -> tuple:
    """What a cut or lost connection raises: the kit's error and the driver's own."""
    psycopg = load_psycopg()
    return (QueueServerError, psycopg.OperationalError, psycopg.InterfaceError)


def jsonb(value):
    """A value as a jsonb query parameter (how job ids and worker names are stored)."""
    from psycopg.types.json import Jsonb
    return value if isinstance(value, Jsonb) else Jsonb(value)


IO_TIMEOUT = 10.0  # seconds a statement may wait for a server that does not answer
_IN_FLIGHT: set = set()  # connections inside a bounded() call right now


def _cut(conn) -> None:
    """Shut the connection's socket down: the call blocked on it fails at once (libpq sees the
    connection closed), as if the network had cut it. The server rolls back what was open."""
    import socket
    with contextlib.suppress(Exception):
        fd = conn.pgconn.socket
        with socket.socket(fileno=os.dup(fd)) as s:
            s.shutdown(socket.SHUT_RDWR)


@contextmanager
def bounded(conn, seconds: float):
    """Every statement inside waits at most `seconds` for the server: a server that does not
    answer (frozen, a network partition: the socket stays open and silent, and no TCP timeout
    comes for minutes) has the connection cut then, so the call raises a connection error and
    the caller reconnects, counts the outage, or gives up. `hurry()` cuts sooner."""
    timer = threading.Timer(seconds, _cut, (conn,))
    timer.daemon = True
    timer.start()
    _IN_FLIGHT.add(conn)
    try:
        yield
    finally:
        _IN_FLIGHT.discard(conn)
        timer.cancel()


def hurry(seconds: float = 0.5) -> None:
    """Cut every bounded call still waiting `seconds` from now (a stop request: a worker must
    not wait a whole IO_TIMEOUT for a frozen server before it gives its lease back)."""
    for conn in list(_IN_FLIGHT):
        timer = threading.Timer(seconds, lambda c=conn: c in _IN_FLIGHT and _cut(c))
        timer.daemon = True
        timer.start()


def connect(dsn: str, autocommit: bool = True, durable: bool = True,
            timeout: float = IO_TIMEOUT):
    """A psycopg connection, or one clear error: a bad DSN (ValueError naming it) or a server
    that cannot be reached (QueueServerError naming host and port).

    `durable=True` sets `synchronous_commit=on` for the session, whatever the server's default:
    a commit returns only once its WAL record is flushed to disk, so it survives a crash of the
    server (kill -9, power cut), not only of this client. `durable=False` sets it off: commits
    return before the flush (several times faster on a busy server), and a server crash undoes
    the commits of the last moments (up to 3 x wal_writer_delay, 600 ms by default) although
    they had returned: acknowledged puts and acks lost, jobs run twice. `timeout` bounds the
    connection's making (libpq's connect_timeout, at least 2 s)."""
    psycopg = load_psycopg()
    where = _where_or_error(dsn, psycopg)
    mode = "on" if durable else "off"
    try:
        return psycopg.connect(dsn, autocommit=autocommit, connect_timeout=max(2, round(timeout)),
                               options=f"-c synchronous_commit={mode}")
    except psycopg.OperationalError as e:
        reason = " ".join(str(e).split()) or type(e).__name__
        raise QueueServerError(f"cannot connect to PostgreSQL at {where}: {reason}") from None


class PostgresLeaseQueue(RowObservations):
    """At-least-once job queue with leases, heartbeats, retries and dead letters, in PostgreSQL.

    `durable=True` (the default) runs its sessions with `synchronous_commit=on`: every put, ack,
    fail and heartbeat that returned survives a crash of the server. `durable=False` is faster
    under load and loses the calls of the last moments before such a crash (see `connect`).
    Attempts, tokens and deadlines are read from the row, never from a Lease's fields."""

    def __init__(self, dsn: str, lease_for: float, max_attempts: int, retry_delay=None,
                 clock=None, queue: str = "default", durable: bool = True):
        if not isinstance(dsn, str):
            raise TypeError(f"dsn must be a connection string, got {dsn!r}")
        if type(queue) is not str:
            raise TypeError(f"queue must be a non-empty str, got {queue!r}")
        if not queue:
            raise ValueError(f"queue must be a non-empty str, got {queue!r}")
        check_name("queue", queue)
        if type(durable) is not bool:
            raise TypeError(f"durable must be True or False, got {durable!r}")
        self.durable = durable  # see connect(): False trades crash safety for speed
        self.io_timeout = IO_TIMEOUT  # what bounded() and connect() allow a silent server
        self.clock = ServerClock(self) if clock is None else clock
        check_settings(self.clock, lease_for, max_attempts, retry_delay)
        self.dsn, self.queue = dsn, queue
        self.lease_for, self.max_attempts = lease_for, max_attempts
        self.retry_delay = exponential_retry() if retry_delay is None else retry_delay
        self._psycopg = load_psycopg()
        self.where = _where_or_error(dsn, self._psycopg)
        self._conn = self._connect()
        self._listener = None
        self._closed = False
        self.identity = self._identity()  # what its leases carry as `queue`

    # -- the connection -----------------------------------------------------------------------

    def _connect(self):
        conn = connect(self.dsn, durable=self.durable, timeout=self.io_timeout)
        try:
            # Only when the tables are missing, and one process at a time: CREATE INDEX, even
            # with IF NOT EXISTS, would wait for every transaction running on the table.
            with conn.transaction():
                if not conn.execute(EXISTS).fetchone()[0]:
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                    for statement in SCHEMA.split(";"):
                        if statement.strip():
                            conn.execute(statement)
        except BaseException:
            conn.close()
            raise
        return conn

    def _identity(self) -> str:
        """The server (its system identifier, else its address), the database and the queue's
        name: every worker's queue object on one queue has the same."""
        def body(cur):
            try:
                server = cur.execute("SELECT system_identifier::text FROM pg_control_system()"
                                     ).fetchone()[0]
            except self._psycopg.Error:  # not allowed: the address the server sees itself at
                server = cur.execute("SELECT coalesce(host(inet_server_addr()), 'socket') || ':'"
                                     " || coalesce(inet_server_port(), 0)").fetchone()[0]
            return f"{server}/{cur.execute('SELECT current_database()').fetchone()[0]}"
        return f"postgresql:{self._run(body, transaction=False)}/{self.queue}"

    def _run(self, body, transaction: bool = True):
        """Run `body(cursor)` in one transaction (or, for a single statement, in autocommit). A
        lost connection (server restart, pg_terminate_backend) raises QueueServerError; the next
        call connects again. A server that does not answer within `io_timeout` seconds (frozen,
        a network partition) is a lost connection too (`bounded`)."""
        if self._closed:
            raise ValueError(f"the queue {self.queue!r} on {self.where} is closed")
        psycopg = self._psycopg
        try:
            if self._conn is None or self._conn.closed:
                self._conn = self._connect()
            with bounded(self._conn, self.io_timeout):
                if not transaction:
                    with self._conn.cursor() as cur:
                        return body(cur)
                with self._conn.transaction(), self._conn.cursor() as cur:
                    return body(cur)
        except (psycopg.OperationalError, psycopg.InterfaceError) as e:
            if self._conn is not None and not (self._conn.closed or self._conn.broken):
                raise  # the connection is fine: a lock timeout, a cancelled query, ...
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None
            reason = " ".join(str(e).split()) or type(e).__name__
            raise QueueServerError(f"lost the connection to PostgreSQL at {self.where}: "
                                   f"{reason}") from None

    def _now(self):
        return None if isinstance(self.clock, ServerClock) else float(clock_reading(self.clock))

    def _begin(self, cur) -> float:
        """Read the clock once and expire every lease whose time has come, earliest first
        (each retry is timed from its own expiry)."""
        now = cur.execute(NOW, {"now": self._now()}).fetchone()[0]
        args = {"queue": self.queue, "now": now}
        for job_id, attempts, due in cur.execute(SWEEP, args).fetchall():
            self._end_attempt(cur, job_id, attempts, due, "expire")
        for (job_id,) in cur.execute(DUE, args).fetchall():
            cur.execute(MAKE_READY, {**args, "id": self._jsonb(job_id)})
        return now

    def close(self) -> None:
        """Close the connections. Leases this worker holds stay in the table and will expire."""
        for conn in (self._conn, self._listener):
            if conn is not None:
                conn.close()
        self._conn = self._listener = None
        self._closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- the operations -----------------------------------------------------------------------

    def put(self, job_id, payload=None, delay: float = 0) -> None:
        """Add a job, ready now or once `now >= now_at_put + delay`. A live job id (ready, delayed
        or leased) cannot be put again; a done or dead one can (its dead letter goes)."""
        text = check_put(job_id, payload, delay)
        key = self._jsonb(job_id)

        def body(cur):
            cur.execute("SELECT 1 FROM kit_lease_jobs WHERE queue = %s AND id = %s FOR UPDATE",
                        (self.queue, key))  # lock our own row first: then we never wait again
            now = self._begin(cur)
            due = check_delay("delay", delay, now)  # refused: rolled back, nothing changed
            row = cur.execute("SELECT state FROM kit_lease_jobs WHERE queue = %s AND id = %s",
                              (self.queue, key)).fetchone()
            if row is not None and row[0] not in ("done", "dead"):
                return row[0]  # commit the catch-up, then refuse
            cur.execute(
                "INSERT INTO kit_lease_jobs (queue, id, payload, state, due, seq) "
                "VALUES (%(queue)s, %(id)s, %(payload)s, %(state)s, %(due)s, "
                "nextval('kit_lease_seq')) ON CONFLICT (queue, id) DO UPDATE SET "
                "payload = excluded.payload, state = excluded.state, attempts = 0, worker = NULL, "
                "token = NULL, due = excluded.due, seq = excluded.seq, expired_last = false, "
                "died_at = NULL, dead_reason = NULL",
                {"queue": self.queue, "id": key, "payload": text, "due": float(due),
                 "state": "ready" if delay == 0 else "delayed"})
            if delay == 0:
                cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, self.queue))
            return None

        # The catch-up is committed even when the put is refused: the expiries it applied have
        # happened whatever this call does (redoing them would call retry_delay twice).
        live = self._run(body)
        if live is not None:
            raise ValueError(f"job_id {job_id!r} is already in the queue (state {live!r})")

    def lease(self, worker) -> Lease | None:
        """Lend the job that has been ready longest to `worker` until now + lease_for, or None."""
        check_name("worker", worker, "a str or int name")
        args = {"worker": self._jsonb(worker), "for": float(self.lease_for), "queue": self.queue}

        def slow(cur):
            return cur.execute(CLAIM, {**args, "now": self._begin(cur)}).fetchone()

        now, stale, *row = self._fast(CLAIM_FAST, args)
        row = self._run(slow) if stale else (None if row[0] is None else row)
        if row is None:
            return None
        job_id, attempts, payload, token, due = row
        return Lease(job_id, worker, attempts, due, token, json.loads(payload), self.identity)

    def ack(self, lease: Lease) -> bool:
        """Finish the job; only the live grant (token, worker, before expiry) is accepted."""
        check_lease(lease, self.identity)
        return self._change_live(lease, ACK, ACK_FAST, {})

    def heartbeat(self, lease: Lease, extend_by: float | None = None) -> bool:
        """Keep a live lease: it now runs until now + extend_by (default lease_for), never
        earlier than its old deadline (`kit.lease.later_deadline`, GREATEST in SQL)."""
        check_heartbeat(lease, extend_by, self.identity)
        if extend_by is not None:
            check_delay("extend_by", extend_by, self._now() or 0, positive=True)
        extend = float(self.lease_for if extend_by is None else extend_by)
        return self._change_live(lease, HEARTBEAT, HEARTBEAT_FAST, {"extend": extend})

    def fail(self, lease: Lease, error: str | None = None) -> bool:
        """The holder reports a failed attempt: retry after backoff, or dead-letter (the
        attempts counted in the row, never the lease's). `error` is kept with the job."""
        error = check_fail(lease, error, self.identity)

        def failed(cur, now, key, attempts):
            self._end_attempt(cur, key, attempts, now, "fail", error)
        return self._with_live(lease, failed)

    def wait(self, timeout: float = 1) -> bool:
        """Block until a job may be ready: a NOTIFY from a put or a retry due at once (True), or
        the next delayed job's run-at time or a lease's expiry (True), or `timeout` seconds
        (False). Nothing is polled: the worker sleeps on the listening connection's socket."""
        validate.number("timeout", timeout, low=0)
        if self._listener is None:
            listener = connect(self.dsn, timeout=self.io_timeout)
            try:
                with bounded(listener, self.io_timeout):
                    listener.execute(f"LISTEN {CHANNEL}")
            except self._psycopg.OperationalError as e:
                listener.close()
                raise QueueServerError(f"lost the connection to PostgreSQL at {self.where}: "
                                       f"{' '.join(str(e).split())}") from None
            self._listener = listener

        def next_due(cur):
            now = cur.execute(NOW, {"now": self._now()}).fetchone()[0]
            due = cur.execute("SELECT min(due) FROM kit_lease_jobs WHERE queue = %s AND state "
                              "IN ('delayed', 'leased')", (self.queue,)).fetchone()[0]
            return None if due is None else due - now

        left = self._run(next_due)
        if left is not None and left <= 0:
            return True
        bound = timeout if left is None else min(timeout, left)
        try:
            for note in self._listener.notifies(timeout=bound):
                if note.payload == self.queue:
                    return True
        except self._psycopg.OperationalError as e:
            self._listener = None
            raise QueueServerError(f"lost the connection to PostgreSQL at {self.where}: "
                                   f"{e}") from None
        return left is not None and left <= timeout

    # -- observations -------------------------------------------------------------------------

    @property
    def dead_letters(self) -> list[DeadLetter]:
        """Jobs that used up max_attempts, oldest death first."""
        def body(cur):
            self._begin(cur)
            return cur.execute("SELECT id, payload, attempts, died_at, dead_reason, error FROM "
                               "kit_lease_jobs WHERE queue = %s AND state = 'dead' ORDER BY seq",
                               (self.queue,)).fetchall()
        return [DeadLetter(i, json.loads(p), a, t, r, e) for i, p, a, t, r, e in self._run(body)]

    def stats(self) -> Stats:
        """Jobs per state and the duplicate-delivery count. O(n): one pass over the queue."""
        def body(cur):
            self._begin(cur)
            counts = dict(cur.execute("SELECT state, count(*) FROM kit_lease_jobs "
                                      "WHERE queue = %s GROUP BY 1", (self.queue,)).fetchall())
            dup = cur.execute("SELECT coalesce(sum(duplicates), 0) FROM kit_lease_jobs "
                              "WHERE queue = %s", (self.queue,)).fetchone()[0]
            return counts, dup
        counts, dup = self._run(body)
        return Stats(*(counts.get(s, 0) for s in ("ready", "leased", "delayed", "done", "dead")),
                     int(dup))

    def drop(self) -> None:
        """Delete every job of this queue (the tables stay, other queues are untouched)."""
        self._run(lambda cur: cur.execute("DELETE FROM kit_lease_jobs WHERE queue = %s",
                                          (self.queue,)))

    # -- internals ----------------------------------------------------------------------------

    def _change_live(self, lease, statement, fast, args) -> bool:
        """Run `statement` (ACK, HEARTBEAT) on the lease's row if it is the live grant: in one
        round trip when no lease is due to expire, else after a sweep."""
        grant = self._grant(lease)
        if grant is None:
            return False
        args = {**args, **grant}
        now, stale, changed = self._fast(fast, args)
        if not stale:
            return changed == 1
        return self._with_live(lease, lambda cur, now, key, attempts: cur.execute(
            statement, {**args, "now": now}))

    def _grant(self, lease) -> dict | None:
        """The lease as query parameters, or None when it cannot match any row (the lease
        checked at the door: ack, heartbeat, fail)."""
        if not (holdable(lease.job) and holdable(lease.worker)
                and storable(lease.token) and type(lease.token) is int):
            return None
        return {"queue": self.queue, "id": self._jsonb(lease.job), "token": lease.token,
                "worker": self._jsonb(lease.worker)}

    def _fast(self, statement, args) -> tuple:
        """One statement in its own transaction (autocommit): one round trip."""
        return self._run(lambda cur: cur.execute(statement, {**args, "now": self._now()}
                                                 ).fetchone(), transaction=False)

    def _with_live(self, lease, change) -> bool:
        """Lock the lease's row (first: holding nothing, so no deadlock), catch up, and apply
        `change` only when the lease is still the live grant."""
        if self._grant(lease) is None:
            return False
        key = self._jsonb(lease.job)

        def body(cur):
            cur.execute("SELECT 1 FROM kit_lease_jobs WHERE queue = %s AND id = %s FOR UPDATE",
                        (self.queue, key))
            now = self._begin(cur)  # expires our own row too, if its time has come
            row = cur.execute("SELECT state, token, worker, attempts FROM kit_lease_jobs "
                              "WHERE queue = %s AND id = %s", (self.queue, key)).fetchone()
            if row is None or row[:3] != ("leased", lease.token, lease.worker) \
                    or type(row[2]) is not type(lease.worker):
                return False
            change(cur, now, key, row[3])  # the attempts the row counts, not the lease's
            return True

        return self._run(body)

    def _end_attempt(self, cur, key, attempts, time, how, error=None) -> None:
        due, error = after_attempt(self.retry_delay, attempts, self.max_attempts, time, how,
                                   error)  # refused (fail only): the transaction rolls back
        if due is None:
            cur.execute("UPDATE kit_lease_jobs SET state = 'dead', worker = NULL, token = NULL, "
                        "seq = nextval('kit_lease_seq'), died_at = %s, dead_reason = %s, "
                        "expired_last = %s, error = %s WHERE queue = %s AND id = %s",
                        (time, how, how == "expire", error, self.queue, self._jsonb(key)))
            return
        cur.execute("UPDATE kit_lease_jobs SET state = 'delayed', worker = NULL, token = NULL, "
                    "due = %s, seq = nextval('kit_lease_seq'), expired_last = %s, error = %s "
                    "WHERE queue = %s AND id = %s",
                    (float(due), how == "expire", error, self.queue, self._jsonb(key)))
        if due == time:
            cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, self.queue))

    def _row(self, job_id, columns: str) -> tuple:
        self._check_job_id(job_id)

        def body(cur):
            self._begin(cur)
            return cur.execute(f"SELECT {columns} FROM kit_lease_jobs WHERE queue = %s "
                               "AND id = %s", (self.queue, self._jsonb(job_id))).fetchone()

        row = self._run(body)
        if row is None:
            raise ValueError(f"job_id {job_id!r} was never put in this queue")
        return row

    _jsonb = staticmethod(jsonb)

    @staticmethod
    def _check_job_id(job_id) -> None:
        check_name("job_id", job_id)

    def __repr__(self) -> str:
        return (f"PostgresLeaseQueue({self.where!r}, lease_for={self.lease_for!r}, "
                f"max_attempts={self.max_attempts!r}, queue={self.queue!r})")


def _where_or_error(dsn, psycopg) -> str:
    try:
        return _where(dsn)
    except psycopg.ProgrammingError as e:
        raise ValueError(f"dsn is not a PostgreSQL connection string: {dsn!r} "
                         f"({' '.join(str(e).split())})") from None


# -- a throwaway local server ---------------------------------------------------------------

class ServerMissing(RuntimeError):
    """PostgreSQL's server programs are not installed on this machine."""


def server_binaries(debian: str = "/usr/lib/postgresql", path: str | None = None) -> Path:
    """The folder holding initdb and pg_ctl: Debian's /usr/lib/postgresql/N/bin (the newest N),
    or wherever PATH (or `path`) finds both."""
    found = sorted(Path(debian).glob("*/bin/initdb"),
                   key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit()
                   else 0)
    if found:
        return found[-1].parent
    pg_ctl = shutil.which("pg_ctl", path=path)
    if pg_ctl and shutil.which("initdb", path=path):
        return Path(pg_ctl).parent
    raise ServerMissing("PostgreSQL's server (initdb, pg_ctl) is not installed: "
                        "apt-get install postgresql")


def _children(pid: int) -> list[int]:
    """The process ids whose parent is `pid` (read from /proc; empty where there is none)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return found


def _alive(pid: int) -> bool:
    """Is the process running (not gone, not a zombie waiting to be reaped)?"""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LocalServer:
    """A throwaway PostgreSQL cluster in a temporary folder: `start()`, `stop(mode)`, `kill()`,
    and `start()` again on the same data and port (the crash tests restart it mid-run).

    initdb in a fresh temporary folder, trust authentication for user postgres, listening on a
    free port of 127.0.0.1 only. As root the server runs as the `postgres` user (it refuses to
    run as root); as anyone else it runs as you. The server's defaults are kept, so
    `synchronous_commit=on` and `fsync=on`: a commit that returned survives a crash of the
    server (kill -9 of a backend or the postmaster, `pg_ctl stop -m immediate`, a power cut).
    `settings` adds `-c name=value` options; `{"synchronous_commit": "off"}` is faster and
    loses the commits of the last moments on such a crash (see `connect`). The queue sets
    synchronous_commit for its own sessions anyway (`PostgresLeaseQueue(durable=...)`).
    """

    def __init__(self, settings: dict | None = None):
        self.bindir = server_binaries()
        self.settings = dict(settings or {})
        self.folder = Path(tempfile.mkdtemp(prefix="kit-pg-"))
        self.data = self.folder / "data"
        self.port = None
        self._as_user = []
        if os.geteuid() == 0:
            import pwd
            try:
                pg = pwd.getpwnam("postgres")
            except KeyError:
                shutil.rmtree(self.folder)
                raise ServerMissing("there is no postgres user to run the server as: "
                                    "apt-get install postgresql") from None
            os.chown(self.folder, pg.pw_uid, pg.pw_gid)
            self._as_user = ["runuser", "-u", "postgres", "--"]
        try:
            self._run(self.bindir / "initdb", "-D", self.data, "-A", "trust", "-U", "postgres",
                      "-E", "UTF8", "--no-sync")
        except BaseException:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise

    @property
    def dsn(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    @property
    def log(self) -> Path:
        return self.folder / "server.log"

    def _run(self, *args, timeout=120):
        done = subprocess.run([*self._as_user, *map(str, args)], capture_output=True, text=True,
                              timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(f"{Path(args[0]).name} failed: {done.stderr.strip()}")

    def start(self, timeout: float = 60) -> str:
        """Start the server (on a free port the first time, the same port after) and return its
        DSN. After a crash the server replays its WAL first; a start that fails while the old
        processes are still going away is tried again until `timeout` seconds have passed."""
        options = " ".join(f"-c {k}={v}" for k, v in self.settings.items())
        deadline = time.monotonic() + timeout
        while True:
            port = self.port or _free_port()
            try:
                self._run(self.bindir / "pg_ctl", "-D", self.data, "-l", self.log, "-w", "-t",
                          str(max(1, int(timeout))), "-o",
                          f"-p {port} -k {self.folder} -c listen_addresses=127.0.0.1 {options}",
                          "start", timeout=timeout + 30)
                self.port = port
                return self.dsn
            except RuntimeError:
                if time.monotonic() > deadline:
                    log = self.log.read_text() if self.log.exists() else ""
                    raise RuntimeError(f"the PostgreSQL server did not start: {log[-500:]}"
                                       ) from None
                time.sleep(0.2)

    def postmaster_pid(self) -> int | None:
        """The running postmaster's process id (from postmaster.pid), or None."""
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def stop(self, mode: str = "fast") -> None:
        """`pg_ctl stop -m mode`: smart, fast (a clean shutdown) or immediate (a crash: no
        checkpoint, the next start replays the WAL)."""
        validate.choice("mode", mode, ("smart", "fast", "immediate"))
        self._run(self.bindir / "pg_ctl", "-D", self.data, "-m", mode, "-w", "stop", timeout=60)

    def kill(self, pid: int | None = None, sig: int = 9) -> None:
        """Send `sig` (SIGKILL) to one server process, the postmaster by default. Killing the
        postmaster waits until its children (the backends, which notice and exit) are gone too,
        as they are after a crash of the machine."""
        postmaster = self.postmaster_pid()
        if pid is None and postmaster is None:
            raise RuntimeError(f"the PostgreSQL server in {self.folder} is not running: "
                               f"there is no postmaster to kill")
        pid = postmaster if pid is None else validate.integer("pid", pid, low=1)
        children = _children(pid) if pid == postmaster else []
        os.kill(pid, sig)
        deadline = time.monotonic() + 30
        while pid == postmaster and time.monotonic() < deadline and any(
                map(_alive, [pid, *children])):
            time.sleep(0.05)
        if pid == postmaster and not _alive(pid):
            # a dead postmaster left as a zombie still "exists" for the next start's check of
            # postmaster.pid: the lock file is stale, as after a crash of the machine
            for stale in (self.data / "postmaster.pid",
                          self.folder / f".s.PGSQL.{self.port}.lock"):
                stale.unlink(missing_ok=True)

    def close(self) -> None:
        """Stop the server (if it runs) and delete its folder."""
        if self.postmaster_pid() is not None:
            with contextlib.suppress(Exception):
                self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


@contextmanager
def local_server(settings: dict | None = None):
    """Start a throwaway PostgreSQL cluster (`LocalServer`) and yield its DSN; stop it and
    delete it at the end. Starts in about a second. Its commits are durable (the server's
    defaults, synchronous_commit=on): see LocalServer for the faster, weaker option."""
    server = LocalServer(settings)
    try:
        yield server.start()
    finally:
        server.close()

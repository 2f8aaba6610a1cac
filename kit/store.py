"""The lease queue in one SQLite file, shared by worker processes.

`SqliteLeaseQueue` has LeaseQueue's operations and rules (kit/lease.py): the same expiry
inequality, retries timed from the moment the attempt ended (the expiry time, not when someone
noticed), the same dead-letter rule, stale leases rejected by token, a lease of another queue
refused by name (`Lease.queue`), a clock stepping back undoes nothing. What changes is where
the state lives: a table in a file in WAL mode, so readers never block the one writer and a process
that is SIGKILLed mid-write leaves the file as it was before its transaction. Commits are made
with `synchronous=FULL`: each is flushed to the disk before the call returns, so whatever a call
acknowledged survives a crash of the OS or a power cut too. It costs one fsync per call
(milliseconds on an ordinary disk); NORMAL would skip it and lose the last commits to an OS
crash or a power cut (never to a crashed process).

Every operation checks its arguments and the values it computes (a delay whose end is not
finite, a retry_delay returning inf, NaN or a negative number on `fail`) before it changes
anything: a refused call rolls its transaction back. At an expiry such a value dead-letters
that job with the reason instead (`kit.lease.after_attempt`), so one bad value never stops
the queue. Job ids and worker names follow `check_name`, the same
rule as the memory and PostgreSQL queues
(`kit.validate.store_name`); payloads are JSON that round-trips (`kit.validate.json_text`).

Every operation is one transaction that starts with `BEGIN IMMEDIATE`: it takes the file's write
lock first (other processes wait up to `timeout` seconds), reads the clock once, applies the
expiries and due retries up to that moment, does its work and commits. Leasing is one statement
inside it, `UPDATE ... WHERE id = (oldest ready job) RETURNING ...`, so two processes can never
hold a live lease on the same job. Job ids and worker names are str or int (stored as given);
payloads are JSON. The file is opened by one name, `queue_path(path)`: symlinks resolved, and a
file with a second hard link refused (SQLite keys its WAL by name). One queue object may be
shared by threads: each operation holds the object's lock. Time comes from an
injected clock; the default reads wall time (`time.time()`), because the processes sharing a
file must agree on what "now" means.
"""

import json
import os
import sqlite3
import stat
import threading
import time
import uuid
from contextlib import contextmanager
from numbers import Integral

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
    check_seconds,
    check_settings,
    exponential_retry,
    is_held,
    later_deadline,
)
from kit.validate import clock_reading

APPLICATION_ID = 0x4B49544C  # "KITL" in the file header: this file is a kit lease queue
LIVE = ("ready", "delayed", "leased")

# THE expiry rule, in SQL: a lease has expired once `not is_held(now, due)`, i.e. due <= now.
EXPIRED = "state = 'leased' AND due <= :now"
assert not is_held(5, 5) and is_held(4.999, 5)  # the same inequality as kit.lease

SCHEMA = """
CREATE TABLE jobs (
    id PRIMARY KEY,              -- a str or an int, stored as given (no type affinity)
    payload TEXT,                -- JSON
    state TEXT NOT NULL,         -- ready delayed leased done dead
    attempts INTEGER NOT NULL,   -- deliveries so far
    worker, token INTEGER,       -- the live grant (leased only)
    due,                         -- ready: due since, delayed: run at, leased: expires at
    seq INTEGER NOT NULL,        -- when the state or `due` was set: ready jobs go out by seq
    expired_last INTEGER NOT NULL DEFAULT 0,  -- did the previous attempt end by expiry?
    died_at, dead_reason TEXT,
    error TEXT                   -- what the last fail(lease, error=...) said
);
CREATE INDEX jobs_by_due ON jobs (state, due, seq);
CREATE INDEX jobs_by_seq ON jobs (state, seq);
CREATE TABLE counters (one INTEGER PRIMARY KEY CHECK (one = 1), seq INTEGER NOT NULL,
                       duplicates INTEGER NOT NULL);
INSERT INTO counters VALUES (1, 0, 0);
"""

# The atomic claim: pick the job that has been ready longest and take it, in one statement.
# Ready jobs go out in the order they became ready (`seq` is set then), whatever the clock did.
CLAIM = """
UPDATE jobs SET state = 'leased', worker = :worker, token = :seq, attempts = attempts + 1,
                due = :until, seq = :seq
 WHERE id = (SELECT id FROM jobs WHERE state = 'ready' ORDER BY seq LIMIT 1)
RETURNING id, attempts, payload, expired_last
"""


# Columns added since a kind of file first shipped: (table, column, type), added on open.
MIGRATIONS = {APPLICATION_ID: (("jobs", "error", "TEXT"), ("counters", "queue_id", "TEXT"))}


class WallClock:
    """Seconds since the epoch (`time.time()`): comparable between processes on one machine."""

    def now(self) -> float:
        return time.time()

    def __repr__(self) -> str:
        return "WallClock()"


class QueueFileError(ValueError):
    """The file cannot hold a lease queue: not a database, another application's, or damaged."""


MAX_NAME_BYTES = validate.MAX_NAME_BYTES


def storable(value) -> bool:
    """A str, or an int that fits SQLite's 64 bits (bool is not a job id)."""
    if isinstance(value, Integral) and not isinstance(value, bool):
        return -(2**63) <= value < 2**63
    return type(value) is str


check_name = validate.store_name  # the one rule, shared with the memory and PostgreSQL queues


def payload_text(payload, name: str = "payload", allow_nan: bool = True) -> str:
    """A value as JSON text, or one error naming `name` (the DurableScheduler's rule; the lease
    queues use the stricter validate.json_text: it must round-trip)."""
    try:
        return json.dumps(payload, allow_nan=allow_nan)
    except (TypeError, ValueError, RecursionError):
        raise TypeError(f"{name} must be JSON data (it is stored as text), "
                        f"got {validate.short(payload)}") from None


def queue_path(path) -> str:
    """The one name every connection to a queue file uses: the path with symlinks and `..`
    resolved (os.path.realpath). SQLite names a database's `-wal` and `-shm` files after the
    name it was opened by, so two names for one file (a hard link) give two WALs and the file
    is corrupted: a file with more than one hard link is refused, in one line naming it. (A
    link made while the queue is open is not seen: do not make one.) ":memory:" is kept."""
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"path must be a file name, got {path!r}")
    path = os.fspath(path)
    if isinstance(path, str) and "\x00" in path:
        raise ValueError(f"path must not contain NUL (\\x00), got {path!r}")
    if isinstance(path, bytes) or path in ("", ":memory:"):
        if path == ":memory:":
            return path
        raise ValueError(f"path must name a file, got {path!r}")
    real = os.path.realpath(path)
    try:
        info = os.stat(real)
    except FileNotFoundError:
        return real
    except OSError as e:
        raise QueueFileError(f"cannot open the queue file {path!r}: {e.strerror}") from None
    if stat.S_ISREG(info.st_mode) and info.st_nlink > 1:
        raise QueueFileError(
            f"{path!r} has {info.st_nlink} hard links (device {info.st_dev}, inode "
            f"{info.st_ino}): SQLite keeps its WAL by file name, so two names would corrupt "
            f"it; keep one name")
    return real


def open_file(path: str, timeout: float, application_id: int, schema: str,
              what: str, synchronous: str = "FULL", any_thread: bool = False) -> sqlite3.Connection:
    """Open one of the kit's SQLite files in WAL mode, creating its schema on first use (one
    BEGIN IMMEDIATE, so two processes opening a new file at once make it once). A file that is
    another kind of database, or none, is refused with `what` it should have been. `any_thread`:
    the connection may be used from any thread (its owner then serialises the uses itself)."""
    try:
        conn = sqlite3.connect(path, timeout=timeout, isolation_level=None,
                               check_same_thread=not any_thread)
    except sqlite3.Error as e:
        raise QueueFileError(f"cannot open the {what} file {path!r}: {e}") from None
    try:
        app = conn.execute("PRAGMA application_id").fetchone()[0]
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master")]
        if app != application_id and (app != 0 or tables):
            raise QueueFileError(f"{path!r} is an SQLite database but not a {what} "
                                 f"(application_id {app}, tables {tables})")
        conn.execute("PRAGMA journal_mode = WAL")
        # FULL: every commit is fsynced before it returns, so an acknowledged write survives a
        # crashed process, a crashed OS and a power cut. (NORMAL in WAL mode would lose the
        # last commits to an OS crash or power cut, though never to a crashed process.)
        conn.execute(f"PRAGMA synchronous = {synchronous}")
        conn.execute("BEGIN IMMEDIATE")
        if conn.execute("PRAGMA application_id").fetchone()[0] != application_id:
            for statement in schema.split(";"):  # not executescript: it would commit
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA application_id = {application_id}")
        for table, column, kind in MIGRATIONS.get(application_id, ()):  # files made before
            if column not in [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]:
                conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        conn.execute("COMMIT")
    except sqlite3.OperationalError as e:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        conn.close()
        if "locked" in str(e):
            raise TimeoutError(f"waited {timeout} s for the {what} file {path!r}") from None
        raise QueueFileError(f"cannot use {path!r} as a {what}: {e}") from None
    except sqlite3.DatabaseError as e:  # "file is not a database", "malformed", ...
        conn.close()
        raise QueueFileError(f"{path!r} is not a {what.replace(' ', '-')} database "
                             f"({e})") from None
    except QueueFileError:
        conn.close()
        raise
    return conn


def holdable(value) -> bool:
    """Could a lease's job or worker field name a row? (An edited lease simply matches none.)"""
    try:
        check_name("value", value)
    except (TypeError, ValueError):
        return False
    return True


class RowObservations:
    """What a SQL lease queue says about one job, read from its row by the queue's
    `_row(job_id, columns)`; `STATE` is the SQL that gives the job's state."""

    STATE = "state"

    def status(self, job_id) -> str:
        """ready, delayed, leased, done or dead."""
        return self._row(job_id, self.STATE)[0]

    def holder(self, job_id) -> Lease | None:
        """The live lease on a job (with its current expiry), or None."""
        state, worker, attempts, due, token, payload = self._row(
            job_id, "state, worker, attempts, due, token, payload")
        if state != "leased":
            return None
        return Lease(job_id, worker, attempts, due, token, json.loads(payload), self.identity)


class SqliteLeaseQueue(RowObservations):
    """At-least-once job queue with leases, heartbeats, retries and dead letters, in a file."""

    def __init__(self, path, lease_for: float, max_attempts: int, retry_delay=None, clock=None,
                 timeout: float = 30):
        clock = WallClock() if clock is None else clock
        check_settings(clock, lease_for, max_attempts, retry_delay)
        check_seconds("timeout", timeout)
        self.path, self.clock, self.timeout = queue_path(path), clock, timeout
        self.lease_for, self.max_attempts = lease_for, max_attempts
        self.retry_delay = exponential_retry() if retry_delay is None else retry_delay
        self._lock = threading.RLock()  # one operation at a time, from whichever thread
        self._conn = self._open()  # sets `identity`, what its leases carry as `queue`

    # -- the file ---------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        conn = open_file(self.path, self.timeout, APPLICATION_ID, SCHEMA, "lease queue",
                         any_thread=True)
        try:
            conn.execute("CREATE INDEX IF NOT EXISTS jobs_by_seq ON jobs (state, seq)")  # older
            if conn.execute("SELECT queue_id FROM counters").fetchone()[0] is None:
                conn.execute("UPDATE counters SET queue_id = ? WHERE queue_id IS NULL",
                             (uuid.uuid4().hex,))  # the file's own random name, made once
            self.identity = f"sqlite:{conn.execute('SELECT queue_id FROM counters').fetchone()[0]}"
        except sqlite3.Error as e:
            conn.close()
            raise QueueFileError(f"cannot use {self.path!r} as a lease queue: {e}") from None
        return conn

    def close(self) -> None:
        """Close the connection. Leases this process holds stay in the file and will expire."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @contextmanager
    def _transaction(self):
        """Under the object's lock: BEGIN IMMEDIATE, read the clock once, catch up to it; commit,
        or roll back on error."""
        with self._lock:
            conn = self._conn
            if conn is None:
                raise ValueError(f"the queue on {self.path!r} is closed")
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as e:
                if "locked" in str(e) or "busy" in str(e):
                    raise TimeoutError(f"waited {self.timeout} s for the write lock of "
                                       f"{self.path!r} ({e})") from None
                raise QueueFileError(f"the queue file {self.path!r} failed: {e}") from None
            try:
                now = clock_reading(self.clock)
                self._catch_up(now)
                yield now
                conn.execute("COMMIT")
            except sqlite3.DatabaseError as e:
                self._rollback()
                raise QueueFileError(f"the queue file {self.path!r} failed: {e}") from None
            except BaseException:
                self._rollback()
                raise

    def _rollback(self) -> None:
        """Roll back what is open (SQLite may have rolled back already: a damaged file)."""
        if self._conn.in_transaction:
            try:
                self._conn.execute("ROLLBACK")
            except sqlite3.DatabaseError:
                pass

    # -- the operations ---------------------------------------------------------------------

    def put(self, job_id, payload=None, delay: float = 0) -> None:
        """Add a job, ready now or once `now >= now_at_put + delay`. A live job id (ready, delayed
        or leased) cannot be put again; a done or dead one can (its dead letter goes)."""
        text = check_put(job_id, payload, delay)
        with self._transaction() as now:
            until = check_delay("delay", delay, now)  # refused: rolled back, nothing changed
            row = self._conn.execute("SELECT state FROM jobs WHERE id = ?", (job_id,)).fetchone()
            live = row is not None and row[0] in LIVE
            if not live:
                state, due = ("ready", now) if delay == 0 else ("delayed", until)
                self._conn.execute("INSERT OR REPLACE INTO jobs (id, payload, state, attempts, "
                                   "due, seq) VALUES (?, ?, ?, 0, ?, ?)",
                                   (job_id, text, state, due, self._next_seq()))
        if live:  # refused after the commit: the catch-up's expiries happened all the same
            raise ValueError(f"job_id {job_id!r} is already in the queue (state {row[0]!r})")

    def lease(self, worker) -> Lease | None:
        """Lend the job that has been ready longest to `worker` until now + lease_for, or None."""
        check_name("worker", worker, "a str or int name")
        with self._transaction() as now:
            until, seq = now + self.lease_for, self._next_seq()
            row = self._conn.execute(CLAIM, {"worker": worker, "seq": seq,
                                             "until": until}).fetchone()
            if row is None:
                return None
            job_id, attempts, payload, expired_last = row
            if expired_last:  # the previous holder may still be working on it
                self._conn.execute("UPDATE counters SET duplicates = duplicates + 1")
            return Lease(job_id, worker, attempts, until, seq, json.loads(payload),
                         self.identity)

    def ack(self, lease: Lease) -> bool:
        """Finish the job; only the live grant (token, worker, before expiry) is accepted."""
        check_lease(lease, self.identity)
        with self._transaction():
            if not self._is_live(lease):
                return False
            self._conn.execute("UPDATE jobs SET state = 'done', worker = NULL, token = NULL "
                               "WHERE id = ?", (lease.job,))
            return True

    def heartbeat(self, lease: Lease, extend_by: float | None = None) -> bool:
        """Keep a live lease: it now runs until now + extend_by (default lease_for), never
        earlier than its old deadline (`kit.lease.later_deadline`)."""
        check_heartbeat(lease, extend_by, self.identity)
        with self._transaction() as now:
            until = (now + self.lease_for if extend_by is None
                     else check_delay("extend_by", extend_by, now, positive=True))
            if not self._is_live(lease):
                return False
            due = self._conn.execute("SELECT due FROM jobs WHERE id = ?",
                                     (lease.job,)).fetchone()[0]
            self._conn.execute("UPDATE jobs SET due = ?, seq = ? WHERE id = ?",
                               (later_deadline(due, until), self._next_seq(), lease.job))
            return True

    def fail(self, lease: Lease, error: str | None = None) -> bool:
        """The holder reports a failed attempt: retry after backoff, or dead-letter (the
        attempts counted in the file, never the lease's). `error` is kept with the job."""
        error = check_fail(lease, error, self.identity)
        with self._transaction() as now:
            if not self._is_live(lease):
                return False
            attempts = self._conn.execute("SELECT attempts FROM jobs WHERE id = ?",
                                          (lease.job,)).fetchone()[0]
            self._end_attempt(lease.job, attempts, now, "fail", error)
            return True

    # -- observations -----------------------------------------------------------------------

    @property
    def dead_letters(self) -> list[DeadLetter]:
        """Jobs that used up max_attempts, oldest death first."""
        with self._transaction():
            rows = self._conn.execute("SELECT id, payload, attempts, died_at, dead_reason, error "
                                      "FROM jobs WHERE state = 'dead' ORDER BY seq").fetchall()
        return [DeadLetter(i, json.loads(p), a, t, r, e) for i, p, a, t, r, e in rows]

    def stats(self) -> Stats:
        """Jobs per state and the duplicate-delivery count. O(n): one pass over the index."""
        with self._transaction():
            counts = dict(self._conn.execute("SELECT state, count(*) FROM jobs GROUP BY state"))
            dup = self._conn.execute("SELECT duplicates FROM counters").fetchone()[0]
        return Stats(*(counts.get(s, 0) for s in ("ready", "leased", "delayed", "done", "dead")),
                     dup)

    # -- internals --------------------------------------------------------------------------

    def _catch_up(self, now) -> None:
        """Expire every lease with due <= now, earliest first (each retry is timed from its own
        expiry), then make every retry that is due by now ready, keeping its (due, seq) order."""
        conn = self._conn
        expired = conn.execute(f"SELECT id, attempts, due FROM jobs WHERE {EXPIRED} "
                               "ORDER BY due, seq", {"now": now}).fetchall()
        for job_id, attempts, due in expired:
            self._end_attempt(job_id, attempts, due, "expire")
        due = conn.execute("SELECT id FROM jobs WHERE state = 'delayed' AND due <= ? "
                           "ORDER BY due, seq", (now,)).fetchall()
        for (job_id,) in due:  # made ready in time order: each a fresh seq, its place in line
            conn.execute("UPDATE jobs SET state = 'ready', seq = ? WHERE id = ?",
                         (self._next_seq(), job_id))

    def _end_attempt(self, job_id, attempts, time, how, error=None) -> None:
        due, error = after_attempt(self.retry_delay, attempts, self.max_attempts, time, how,
                                   error)  # refused (fail only): the transaction rolls back
        seq = self._next_seq()
        if due is None:
            self._conn.execute("UPDATE jobs SET state = 'dead', worker = NULL, token = NULL, "
                               "seq = ?, died_at = ?, dead_reason = ?, expired_last = ?, "
                               "error = ? WHERE id = ?",
                               (seq, time, how, how == "expire", error, job_id))
            return
        self._conn.execute("UPDATE jobs SET state = 'delayed', worker = NULL, token = NULL, "
                           "due = ?, seq = ?, expired_last = ?, error = ? WHERE id = ?",
                           (float(due), seq, how == "expire", error, job_id))

    def _next_seq(self) -> int:
        return self._conn.execute("UPDATE counters SET seq = seq + 1 RETURNING seq").fetchone()[0]

    def _is_live(self, lease: Lease) -> bool:
        if not (holdable(lease.job) and holdable(lease.worker) and type(lease.token) is int
                and storable(lease.token)):
            return False
        return self._conn.execute(
            "SELECT 1 FROM jobs WHERE id = ? AND state = 'leased' AND token = ? AND worker = ?",
            (lease.job, lease.token, lease.worker)).fetchone() is not None

    def _row(self, job_id, columns: str) -> tuple:
        self._check_job_id(job_id)
        with self._transaction():
            row = self._conn.execute(f"SELECT {columns} FROM jobs WHERE id = ?",
                                     (job_id,)).fetchone()
        if row is None:
            raise ValueError(f"job_id {job_id!r} was never put in this queue")
        return row

    @staticmethod
    def _check_job_id(job_id) -> None:
        check_name("job_id", job_id)

    def __repr__(self) -> str:
        return (f"SqliteLeaseQueue({self.path!r}, lease_for={self.lease_for!r}, "
                f"max_attempts={self.max_attempts!r})")

"""The tick scheduler with its state in an SQLite file, so jobs survive a restart.

The seed's follow-up "what changes if jobs must survive a restart?" has a short answer: write each
state change to durable storage *before* acting on it, reload the unfinished jobs on start, and
count a job that was RUNNING as unfinished. Here that answer is three small parts:

- the **store** (`JobStore`) is the one truth: a table of jobs in a WAL-mode file, every operation
  one `BEGIN IMMEDIATE` transaction. A function cannot be stored, so a job keeps its task's *name*
  and its JSON payload; it runs as `tasks[task_name](payload)`. The `(state, run_at, seq)` index
  is the delayed heap: promotion is one `UPDATE ... WHERE state = 'PENDING' AND run_at <= now`.
- the **dispatcher** (`Dispatcher`) owns the ready heap, ordered by a policy of `kit.scheduler`
  (`PriorityPolicy`, `FifoPolicy`, `OldestDuePolicy`, anything with `before(a, b)`). It is a cache
  of the READY rows, rebuilt from the file on start; a claim that fails in the file (the job was
  cancelled meanwhile) is skipped, the seed's lazy deletion.
- the **executor** (`Executor`) claims a job (READY -> RUNNING, with a lease `lease_until` and a
  fresh `token` in the row, committed before the task starts), runs it while a heartbeat thread
  keeps moving `lease_until` forward, and writes the outcome: DONE with the JSON result, PENDING
  again at `now + backoff * 2 ** (attempts - 1)` while retries are left, else FAILED.

States: PENDING (waiting for `run_at`) -> READY (due, in the ready heap) -> RUNNING -> DONE or
FAILED; PENDING or READY -> CANCELLED; RUNNING -> PENDING for a retry.

**The recovery rule.** A RUNNING job is unfinished, never lost: on start every RUNNING row goes
back to READY (this file has one scheduler, so nobody else can be running it), and while the
scheduler runs, a RUNNING row whose lease has expired (`lease_until <= now`: its executor stopped
heartbeating) goes back to READY at the next tick. The interrupted attempt is not counted against
`retries` (the task did not fail, its process died), but it is counted in `recoveries`: a job
interrupted more than `max_recoveries` times ends FAILED, so a job that kills its process every
time cannot loop for ever.

**At-least-once, so tasks must be idempotent.** A process can die after the task's effect but
before DONE is committed; that job runs again after the restart. Write effects keyed by job id
(an upsert), never "append one more row".

A task raising an `Exception` is a failed attempt. A `BaseException` that is not an `Exception`
(`KeyboardInterrupt`, `SystemExit`) means "stop the process": the executor stops heartbeating and
lets it pass, leaving the row RUNNING for the recovery rule. Ticks follow `kit.scheduler.Scheduler`
exactly (same promotion, slots, retry rule), which the tests check against it as a model.
One `DurableScheduler` per file at a time (`FileLock`): it holds an exclusive `flock` on the
database file itself and one on `<real path>-lock` beside it (the operating system releases both
when the process dies, however it dies). The first belongs to the file, not to its name: a
second scheduler is refused with one line naming the file whatever name it comes through (the
same path, a symlink, a hard link, in this process or another). The second belongs to the name,
by which SQLite finds the WAL: a file moved away and replaced by a copy, or deleted and made
again, lets no second scheduler in either. A third lock, named after the real path in the
machine's temporary folder (`NAME_LOCKS`), stays put when the *folder* holding the file and its
`-lock` is moved away and a copy made at the old path: that second scheduler is refused too.
Before every use of the file the scheduler checks
that its path still names the file and the lock file it holds; if not, it stops with one
`QueueFileError` before writing more. So "on start nobody else can be running it" is true.
What stays possible: deleting or replacing the `-lock` file (or the name lock, which a
cleaner of the temporary folder might delete) *and* starting a second scheduler
before the first's next step (the first then stops at that step, but the second may already
have recovered and rerun its RUNNING job); do not touch the files of a running scheduler.
(SQLite's own locks are POSIX record locks, which on Linux are independent of flock.)

Every write is committed with `synchronous=FULL` in WAL mode: a job submitted, claimed or
finished survives a crash of the process, of the OS and a power cut. A file that is not a
scheduler's, or is damaged, is one error naming it (`QueueFileError`), never a raw
`sqlite3.DatabaseError` from the middle of a tick.
"""

import fcntl
import hashlib
import json
import os
import sqlite3
import tempfile
import threading
import time
from contextlib import contextmanager
from enum import StrEnum
from typing import Any, NamedTuple

from kit import validate
from kit.heap import Heap
from kit.jobs import Run, retry_wait
from kit.lease import is_held
from kit.scheduler import FifoPolicy, OldestDuePolicy, PriorityPolicy
from kit.store import QueueFileError, WallClock, check_name, open_file, payload_text
from kit.validate import error_message

__all__ = ["DurableScheduler", "RowStatus", "JobRow", "JobStore", "Dispatcher", "Executor",
           "PriorityPolicy", "FifoPolicy", "OldestDuePolicy", "Run", "WallClock"]

APPLICATION_ID = 0x4B495444  # "KITD": this file is a kit durable scheduler


class RowStatus(StrEnum):
    PENDING = "PENDING"
    READY = "READY"
    RUNNING = "RUNNING"
    DONE = "DONE"
    FAILED = "FAILED"
    CANCELLED = "CANCELLED"


LIVE = (RowStatus.PENDING, RowStatus.READY, RowStatus.RUNNING)

# THE recovery rule in SQL: a RUNNING job whose lease has expired (the same inequality as
# kit.lease: held while now < lease_until) is unfinished and runnable again.
EXPIRED = "state = 'RUNNING' AND lease_until <= :now"
assert not is_held(5, 5) and is_held(4.999, 5)

# What happens to an unfinished job: READY again with the interrupted attempt taken back and one
# more recovery, or FAILED once it has been recovered :cap times already.
RECOVER = """UPDATE jobs SET
    state = CASE WHEN recoveries < :cap THEN 'READY' ELSE 'FAILED' END,
    error = CASE WHEN recoveries < :cap THEN error
                 ELSE 'interrupted ' || (recoveries + 1) || ' times' END,
    attempts = attempts - 1, recoveries = recoveries + 1, lease_until = NULL, token = NULL
 WHERE {where}"""

SCHEMA = """
CREATE TABLE jobs (
    id PRIMARY KEY,                    -- a str or an int, stored as given
    task TEXT NOT NULL,                -- the task's name in the registry
    payload TEXT NOT NULL,             -- JSON: the task's one argument
    priority NOT NULL, run_at NOT NULL, seq INTEGER NOT NULL,
    retries INTEGER NOT NULL, backoff NOT NULL,
    state TEXT NOT NULL,               -- PENDING READY RUNNING DONE FAILED CANCELLED
    attempts INTEGER NOT NULL DEFAULT 0,    -- attempts that started and were not interrupted
    recoveries INTEGER NOT NULL DEFAULT 0,  -- attempts lost to a dead executor
    lease_until, token INTEGER,        -- RUNNING only: the executor's lease and grant
    result TEXT, error TEXT
);
CREATE INDEX jobs_by_time ON jobs (state, run_at, seq);
CREATE TABLE counters (one INTEGER PRIMARY KEY CHECK (one = 1), seq INTEGER NOT NULL);
INSERT INTO counters VALUES (1, 0);
"""

COLUMNS = ("id, task, payload, priority, run_at, seq, retries, backoff, state, attempts, "
           "recoveries, lease_until, token, result, error")


class JobRow(NamedTuple):
    """One job as the file holds it; the policies read `priority`, `run_at` and `seq`."""

    id: Any
    task: str
    payload: Any
    priority: float
    run_at: float
    seq: int
    retries: int
    backoff: float
    status: RowStatus
    attempts: int
    recoveries: int
    lease_until: float | None
    token: int | None
    result: Any
    error: str | None


def _row(values) -> JobRow:
    v = list(values)
    v[2] = json.loads(v[2])
    v[8] = RowStatus(v[8])
    v[13] = None if v[13] is None else json.loads(v[13])
    return JobRow(*v)


def _json(name: str, value) -> str:
    return payload_text(value, name, allow_nan=False)


def _connect(path, timeout) -> sqlite3.Connection:
    """Autocommit (transactions are written out), usable from the heartbeat's thread."""
    return sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)


def _storable(number):
    """A number as an SQLite column holds it: an int beyond 64 bits as the float it is closest
    to (Scheduler.submit takes any size; the order it gives is kept, ties of such giants aside)."""
    return float(number) if isinstance(number, int) and not -(2**63) <= number < 2**63 else number


NAME_LOCKS = os.path.join(tempfile.gettempdir(), "kit-durable-scheduler-locks")


def name_lock(lock_name: str) -> str:
    """The lock file, in NAME_LOCKS (made world-writable and sticky, like /tmp, on first use),
    that holds a scheduler file's real path however its folder is moved."""
    os.makedirs(NAME_LOCKS, exist_ok=True)
    if os.stat(NAME_LOCKS).st_uid == os.geteuid():
        os.chmod(NAME_LOCKS, 0o1777)  # every user's schedulers lock their names here
    key = hashlib.sha256(os.fsencode(lock_name)).hexdigest()
    return os.path.join(NAME_LOCKS, f"{key}.lock")


class FileLock:
    """One scheduler per file, held two ways, both released by the operating system when the
    process dies, however it dies:

    - an exclusive `flock` on the database file itself: a lock belongs to the file, not to its
      name, so a symlink or a hard link to it is refused too;
    - an exclusive `flock` on `<real path>-lock` beside it: SQLite finds a database's WAL by
      the *name*, so a file moved away and replaced by a copy (`mv s.db s.db.old; cp s.db.old
      s.db`), or deleted and made again, must not let a second scheduler in through the name.
    - an exclusive `flock` on a lock named after the real path in the machine's temporary
      folder (`NAME_LOCKS`): a lock that stays where it is when the *folder* holding the file
      and its `-lock` is moved away and a copy put at the old path.

    `check()` (run before every use of the file) refuses to go on once the path no longer names
    the file, or the lock file, this scheduler opened: one QueueFileError, nothing more written.
    """

    def __init__(self, path):
        self.name = os.fspath(path)
        self.lock_name = os.path.realpath(self.name) + "-lock"
        self._fds = []
        try:
            self.file = self._hold(self.name, "the same file, device {dev} inode {ino}, under "
                                              "this or another name")
            self.lock = self._hold(self.lock_name, "its lock file {lock!r} is held: the file "
                                                   "at that name was replaced or moved under it")
            self._hold(name_lock(self.lock_name), "its name is locked in {lock!r}: the file "
                                                  "or its folder was moved away while it ran")
        except BaseException:
            self.close()
            raise

    def _hold(self, name, why) -> tuple:
        try:
            fd = os.open(name, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)  # follows symlinks
        except OSError as e:
            raise QueueFileError(f"cannot open the durable scheduler file {name!r}: "
                                 f"{e.strerror}") from None
        self._fds.append(fd)
        st = os.fstat(fd)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RuntimeError(f"another DurableScheduler has {self.name!r} open ("
                               + why.format(dev=st.st_dev, ino=st.st_ino, lock=name)
                               + "); one scheduler per file: close it first") from None
        return st.st_dev, st.st_ino

    def check(self) -> None:
        """Does the path still name the file (and the lock file) held? Else one error."""
        for name, held in ((self.name, self.file), (self.lock_name, self.lock)):
            try:
                st = os.stat(name)
                now = (st.st_dev, st.st_ino)
            except OSError:
                now = None
            if now != held:
                raise QueueFileError(
                    f"the durable scheduler file {self.name!r} was replaced or moved while this "
                    f"scheduler had it open ({name!r} was device {held[0]} inode {held[1]}, "
                    f"is {'gone' if now is None else f'device {now[0]} inode {now[1]}'}): "
                    f"stopped before writing more; put it back, or start a scheduler on it")

    def close(self) -> None:
        while self._fds:
            os.close(self._fds.pop())  # closing a descriptor releases its flock


class JobStore:
    """The jobs table; every method is one transaction, committed before it returns."""

    def __init__(self, path, timeout: float = 30, check=None):
        self.path, self.timeout, self._check = os.fspath(path), timeout, check
        self._thread = threading.get_ident()  # sqlite3 refuses a connection's use elsewhere
        self._conn = self._open()

    def _open(self) -> sqlite3.Connection:
        return open_file(self.path, self.timeout, APPLICATION_ID, SCHEMA, "durable scheduler")

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    @property
    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            raise ValueError(f"the scheduler on {self.path!r} is closed")
        if threading.get_ident() != self._thread:
            raise RuntimeError(f"the durable scheduler on {self.path!r} is used from another "
                               f"thread than the one that made it (the file is fine): use "
                               f"each DurableScheduler from its own thread only")
        if self._check is not None:
            self._check()  # the path still names the file this store opened
        return self._conn

    @contextmanager
    def _transaction(self):
        """BEGIN IMMEDIATE ... COMMIT; a damaged file is one QueueFileError naming it."""
        conn = self._db
        with self._named_errors():
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    @contextmanager
    def _named_errors(self):
        try:
            yield
        except sqlite3.OperationalError as e:
            if "locked" in str(e) or "busy" in str(e):
                raise TimeoutError(f"waited {self.timeout} s for the durable scheduler file "
                                   f"{self.path!r}") from None
            raise QueueFileError(f"the durable scheduler file {self.path!r} failed: {e}") from None
        except sqlite3.DatabaseError as e:  # "malformed", "not a database", ...
            raise QueueFileError(f"the durable scheduler file {self.path!r} is damaged: "
                                 f"{e}") from None

    def insert(self, id, task, payload, priority, run_at, retries, backoff) -> JobRow:
        with self._transaction() as c:
            if c.execute("SELECT 1 FROM jobs WHERE id = ?", (id,)).fetchone():
                raise ValueError(f"id {id!r} is already used")
            seq = c.execute("UPDATE counters SET seq = seq + 1 RETURNING seq").fetchone()[0]
            return _row(c.execute(
                f"INSERT INTO jobs (id, task, payload, priority, run_at, seq, retries, backoff, "
                f"state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'PENDING') RETURNING {COLUMNS}",
                (id, task, payload, priority, run_at, seq, retries, backoff)).fetchone())

    def cancel(self, id) -> bool:
        """PENDING or READY -> CANCELLED; False for any other state."""
        with self._transaction() as c:
            return c.execute("UPDATE jobs SET state = 'CANCELLED' WHERE id = ? AND state IN "
                             "('PENDING', 'READY') RETURNING 1", (id,)).fetchone() is not None

    def recover_and_promote(self, now, max_recoveries: int, on_start=False) -> list:
        """Apply the recovery rule, then (but not on start) PENDING -> READY for every job due
        by `now`. Returns the rows that became READY. On start every RUNNING row counts."""
        where = "state = 'RUNNING'" if on_start else EXPIRED
        with self._transaction() as c:
            recovered = c.execute(f"{RECOVER.format(where=where)} RETURNING {COLUMNS}",
                                  {"now": now, "cap": max_recoveries}).fetchall()
            promoted = [] if on_start else c.execute(
                f"UPDATE jobs SET state = 'READY' WHERE state = 'PENDING' AND run_at <= ? "
                f"RETURNING {COLUMNS}", (now,)).fetchall()
        return [row for row in map(_row, recovered + promoted) if row.status is RowStatus.READY]

    def claim(self, id, until) -> JobRow | None:
        """READY -> RUNNING with a lease and a fresh token, or None if it is no longer READY."""
        with self._transaction() as c:
            token = c.execute("UPDATE counters SET seq = seq + 1 RETURNING seq").fetchone()[0]
            row = c.execute(f"UPDATE jobs SET state = 'RUNNING', attempts = attempts + 1, "
                            f"lease_until = ?, token = ? WHERE id = ? AND state = 'READY' "
                            f"RETURNING {COLUMNS}", (until, token, id)).fetchone()
        return None if row is None else _row(row)

    def finish(self, row: JobRow, status: RowStatus, run_at, result=None, error=None) -> bool:
        """Write an attempt's outcome; only the live grant (state RUNNING, same token) counts."""
        with self._transaction() as c:
            return c.execute(
                "UPDATE jobs SET state = ?, run_at = ?, result = ?, error = ?, lease_until = NULL,"
                " token = NULL WHERE id = ? AND state = 'RUNNING' AND token = ? RETURNING 1",
                (status, run_at, result, error, row.id, row.token)).fetchone() is not None

    def get(self, id) -> JobRow:
        with self._named_errors():
            row = self._db.execute(f"SELECT {COLUMNS} FROM jobs WHERE id = ?", (id,)).fetchone()
        if row is None:
            raise ValueError(f"no job with id {id!r}")
        return _row(row)

    def rows(self, states=None) -> list:
        """Every job (or those in `states`), in submission order."""
        with self._named_errors():
            rows = [_row(r) for r in self._db.execute(f"SELECT {COLUMNS} FROM jobs "
                                                      "ORDER BY seq").fetchall()]
        return rows if states is None else [r for r in rows if r.status in states]

    def live(self) -> int:
        with self._named_errors():
            return self._db.execute("SELECT count(*) FROM jobs WHERE state IN "
                                    "('PENDING', 'READY', 'RUNNING')").fetchone()[0]


class Dispatcher:
    """The ready heap, ordered by the policy; a cache of the READY rows."""

    def __init__(self, policy):
        self.ready = Heap(before=policy.before)

    def add(self, rows) -> None:
        for row in rows:
            self.ready.push(row)

    def next(self, store: JobStore, until):
        """Pop the policy's first job and claim it in the file; skip the ones that fail."""
        while self.ready:
            row = store.claim(self.ready.pop().id, until)
            if row is not None:
                return row
        return None


class _Heartbeat:
    """A thread that moves the lease forward every `lease_for / 3` real seconds, on its own
    connection, until stopped; a stale grant (another token) is never extended."""

    def __init__(self, path, row: JobRow, clock, lease_for, timeout):
        self._stop = threading.Event()
        try:  # opened now, so it stays on this file even if the name is replaced meanwhile
            self._conn = _connect(path, timeout)
        except sqlite3.Error:
            self._conn = None
        self._args = (row.id, row.token, clock, lease_for)
        self.beats = 0
        self._thread = threading.Thread(target=self._beat, daemon=True, name=f"heartbeat-{row.id}")
        self._thread.start()

    def _beat(self) -> None:
        id, token, clock, lease_for = self._args
        conn = self._conn
        try:
            while conn is not None and not self._stop.wait(lease_for / 3):
                until = validate.clock_reading(clock) + lease_for
                conn.execute("UPDATE jobs SET lease_until = ? WHERE id = ? AND state = 'RUNNING'"
                             " AND token = ?", (until, id, token))
                self.beats += 1
        except sqlite3.Error:
            pass  # cannot beat (the file is locked or gone): the lease expires, the rule recovers
        finally:
            if conn is not None:
                conn.close()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


class Executor:
    """Runs a claimed job as `tasks[task_name](payload)` and writes its outcome."""

    def __init__(self, store: JobStore, tasks: dict, clock, lease_for: float):
        self.store, self.tasks, self.clock, self.lease_for = store, tasks, clock, lease_for

    def run(self, row: JobRow) -> RowStatus:
        beat = _Heartbeat(self.store.path, row, self.clock, self.lease_for, self.store.timeout)
        error = None
        try:
            task = self.tasks.get(row.task)
            if task is None:
                raise LookupError(f"no task named {row.task!r} in tasks")
            result = _json(f"the result of task {row.task!r}", task(row.payload))
        except Exception as exc:
            error = error_message(exc)
        finally:
            beat.stop()  # also when a BaseException passes: the lease is left to expire
        if error is not None:
            return self._failed(row, error)
        self.store.finish(row, RowStatus.DONE, row.run_at, result=result)
        return RowStatus.DONE

    def _failed(self, row: JobRow, message: str) -> RowStatus:
        if row.attempts <= row.retries:
            run_at = validate.clock_reading(self.clock) + retry_wait(row.backoff, row.attempts)
            self.store.finish(row, RowStatus.PENDING, run_at)
            return RowStatus.PENDING
        self.store.finish(row, RowStatus.FAILED, row.run_at, error=message)
        return RowStatus.FAILED


class DurableScheduler:
    """`kit.scheduler.Scheduler`'s API over an SQLite file, with tasks named in a registry.

    `clock` defaults to wall time (`time.time()`): the times in the file must mean the same after
    a restart. `lease_for` is how long a RUNNING job is held without a heartbeat.
    """

    def __init__(self, path, tasks: dict, clock=None, policy=None, workers: int = 1,
                 lease_for: float = 30, max_recoveries: int = 3, timeout: float = 30):
        if not isinstance(path, str | os.PathLike):
            raise TypeError(f"path must be a file name, got {path!r}")
        if not isinstance(tasks, dict) or not tasks:
            raise TypeError(f"tasks must be a non-empty dict of name -> function, got {tasks!r}")
        for name, fn in tasks.items():
            if not isinstance(name, str):
                raise TypeError(f"tasks names must be str, got {name!r}")
            validate.function(f"tasks[{name!r}]", fn)
        clock = WallClock() if clock is None else clock
        if not callable(getattr(clock, "now", None)):
            raise TypeError(f"clock must have a now() method, got {clock!r}")
        policy = PriorityPolicy() if policy is None else policy
        if not callable(getattr(policy, "before", None)):
            raise TypeError(f"policy must have a before(a, b) method, got {policy!r}")
        validate.integer("workers", workers, low=1)
        validate.number("lease_for", lease_for, low=0, low_open=True)
        validate.integer("max_recoveries", max_recoveries, low=0)
        validate.number("timeout", timeout, low=0)
        self.tasks, self.clock, self.policy, self.workers = dict(tasks), clock, policy, workers
        self.lease_for, self.max_recoveries = lease_for, max_recoveries
        self._lock = FileLock(path)
        try:
            self.store = JobStore(path, timeout, check=self._lock.check)
            self.dispatcher = Dispatcher(policy)
            self.executor = Executor(self.store, self.tasks, clock, lease_for)
            self.ticks = 0
            self._closed = False
            # on start: reload the READY rows; every RUNNING job is unfinished (one per file)
            self.dispatcher.add(self.store.rows((RowStatus.READY,)))
            self.dispatcher.add(self.store.recover_and_promote(
                validate.clock_reading(self.clock), max_recoveries, on_start=True))
        except BaseException:
            if getattr(self, "store", None) is not None:
                self.store.close()
            self._lock.close()
            raise

    def __repr__(self) -> str:
        return (f"DurableScheduler({self.store.path!r}, tasks={sorted(self.tasks)}, "
                f"policy={self.policy!r}, workers={self.workers})")

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def submit(self, id, task_name, payload=None, priority=5, delay=0, retries=0, backoff=10):
        """Write a PENDING job due at now + delay; it runs as `tasks[task_name](payload)`."""
        check_name("id", id)
        if self._closed:
            raise RuntimeError(f"the scheduler is shut down; cannot submit id={id!r}")
        validate.choice("task_name", task_name, sorted(self.tasks))
        text = _json("payload", payload)
        validate.number("priority", priority)
        validate.number("delay", delay, low=0)
        validate.integer("retries", retries, low=0)
        validate.number("backoff", backoff, low=0)
        self.store.insert(id, task_name, text, _storable(priority),
                          validate.clock_reading(self.clock) + delay,
                          min(retries, 2**63 - 1), _storable(backoff))
        return id

    def cancel(self, id) -> bool:
        """Cancel a PENDING or READY job (True, written before it returns); else False (an id
        never submitted included). An id the file cannot hold is an error naming it."""
        return self.store.cancel(self._id(id))

    def status_of(self, id) -> RowStatus:
        return self.store.get(self._id(id)).status

    def info(self, id) -> JobRow:
        """The job's row as plain data (status, attempts, recoveries, result, error, ...)."""
        return self.store.get(self._id(id))

    def jobs(self) -> list:
        """Every job's row, in submission order."""
        return self.store.rows()

    def tick(self) -> list:
        """Recover expired leases and promote due jobs, then fill worker slots 0..N-1."""
        now = validate.clock_reading(self.clock)
        self.dispatcher.add(self.store.recover_and_promote(now, self.max_recoveries))
        runs = []
        for worker in range(self.workers):
            until = validate.clock_reading(self.clock) + self.lease_for
            row = self.dispatcher.next(self.store, until)
            if row is None:
                break
            start = validate.clock_reading(self.clock)
            status = self.executor.run(row)
            runs.append(Run(self.ticks, start, worker, row.id, row.attempts, status))
        self.ticks += 1
        return runs

    def drain(self, step=1, limit=1000, sleep=time.sleep) -> list:
        """Tick, then let `step` pass, until no job is live or `limit` ticks ran.

        With a clock that has `advance` (a FakeClock) time is advanced; otherwise `sleep(step)`.
        """
        validate.number("step", step, low=0, low_open=True)
        validate.integer("limit", limit, low=0)
        wait = getattr(self.clock, "advance", None) or validate.function("sleep", sleep)
        runs = []
        for _ in range(limit):
            if not self.store.live():
                break
            runs += self.tick()
            wait(step)
        return runs

    def shutdown(self, cancel_pending=False) -> None:
        """Refuse further submits; with `cancel_pending`, cancel every PENDING or READY job."""
        self._closed = True
        if cancel_pending:
            for row in self.store.rows((RowStatus.PENDING, RowStatus.READY)):
                self.store.cancel(row.id)

    def close(self) -> None:
        """Close the file and let go of its lock. Unfinished jobs stay in it for the next start."""
        self._closed = True
        self.store.close()
        self._lock.close()

    @staticmethod
    def _id(id):
        return check_name("id", id)

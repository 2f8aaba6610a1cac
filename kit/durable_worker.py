"""A worker process for the durable lease queues, and a small fleet of them to start and kill.

    python -m kit.durable_worker QUEUE.db --name w1 --work 0.005 --exit-when-empty
    python -m kit.durable_worker postgresql://user@host:5432/db --name w1 --exit-when-empty

The target is an SQLite file (kit.store) or, given as a `postgresql://` URL, a PostgreSQL
database (kit.pgqueue): the same loop, the same idempotent results, the same Fleet.

A worker loops: lease a job, work on it (heartbeating when the work is longer than a third of the
lease), write the result, ack. The result goes into a `results` table in the same file (on
PostgreSQL: `kit_lease_results` in the same database), keyed by job id with
`INSERT ... ON CONFLICT DO UPDATE`: running a job twice leaves one row with the same
value, and `runs` counts how often it really ran. That is what makes at-least-once delivery safe.
A process killed between writing the result and acking makes the queue deliver the job again,
after its lease expires: the second run finds the row and only bumps `runs`. An idle worker
sleeps: on SQLite for a short poll interval, on PostgreSQL in `wait()` (LISTEN/NOTIFY).

Two things do not stop a worker:
- **A server that goes away.** A worker whose PostgreSQL connection is cut (a server restart, a
  crash, `pg_terminate_backend`), or that cannot connect at start, drops the job it held (its
  lease expires and the job is delivered again) and connects again, waiting between tries with
  the kit's capped, jittered backoff (`kit.backoff`, equal jitter, 0.05 s doubling up to 1 s).
  Only a server down for longer than `outage` seconds (default 60) ends the worker, with one
  line saying so.
- **A poison job.** A handler that raises anything (SystemExit and KeyboardInterrupt included),
  or returns what the results table cannot hold (`result_value`: an int of 64 bits, the same
  rule on SQLite and PostgreSQL), fails that attempt (`queue.fail(lease, error=...)`, the error
  kept with the job): the queue retries it with backoff and dead-letters it after
  `max_attempts`, and the worker goes on with the next job.

A stop request, SIGINT (Ctrl-C) or SIGTERM (what `docker stop`, systemd and Kubernetes
send), stops the worker; a second one while it stops is only noted (never a traceback, never
another exit code). A request is noted, not raised, except while the worker waits or runs a
job's work, and it is checked at every wait and every reconnect attempt, so a cut connection
or a server that is down never swallows it. On PostgreSQL a server that does not answer (frozen,
a network partition) cannot swallow it either: every statement is bounded
(`kit.pgqueue.bounded`), its connection cut 0.5 s after a stop request (`hurry`) and otherwise
after `IO_TIMEOUT` (10 s, or `outage` if shorter), which counts as an outage. The worker then
gives back the lease it holds
(`fail`: the job comes back at once), trying for up to `GIVE_BACK_SECONDS` (2 s) if the
server cannot be reached, and exits 128 + the signal's number (130 for SIGINT, 143 for
SIGTERM) with one line that says what became of the lease: given back, or (server
unreachable) left to expire at its time. From the command line, a path that does not exist
is refused in one line (exit 2) unless `--create` is given, and a file that is not a queue,
is damaged, read-only or on a full disk is one line (exit 1), never a traceback.

`Fleet` starts such processes, kills one with SIGKILL, starts replacements and stops them all;
`summary(path)` reads the file and returns plain numbers for tests, notebooks and benchmarks.
"""

import argparse
import contextlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from numbers import Integral
from pathlib import Path
from typing import NamedTuple

from kit import validate
from kit.backoff import delay_for
from kit.lease import exponential_retry
from kit.store import QueueFileError, SqliteLeaseQueue, queue_path
from kit.validate import error_message

RESULTS = """CREATE TABLE IF NOT EXISTS results (
    job PRIMARY KEY, value, runs INTEGER NOT NULL, worker)"""
RECORD = """INSERT INTO results (job, value, runs, worker) VALUES (?, ?, 1, ?)
    ON CONFLICT (job) DO UPDATE SET runs = runs + 1, worker = excluded.worker"""
PG_RESULTS = """CREATE TABLE IF NOT EXISTS kit_lease_results (
    queue text NOT NULL, job jsonb NOT NULL, value bigint, runs integer NOT NULL, worker jsonb,
    PRIMARY KEY (queue, job))"""
PG_RECORD = """INSERT INTO kit_lease_results AS r (queue, job, value, runs, worker)
    VALUES ('default', %s, %s, 1, %s)
    ON CONFLICT (queue, job) DO UPDATE SET runs = r.runs + 1, worker = excluded.worker"""


def is_dsn(target) -> bool:
    """A PostgreSQL URL (postgresql://... or postgres://...) rather than an SQLite file name."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def work(payload):
    """The job itself: a pure function of the payload, so a second run gives the same value."""
    return payload * payload


def open_queue(path, lease_for=0.5, max_attempts=5, retry_base=0.02, clock=None):
    """The queue every worker of a run opens: same lease, attempts and backoff (cap 0.5 s).
    An SQLite file, or the PostgreSQL database a `postgresql://` URL names (its clock: the
    server's, unless one is given)."""
    retry = exponential_retry(retry_base, 0.5)
    if is_dsn(path):
        from kit.pgqueue import PostgresLeaseQueue
        return PostgresLeaseQueue(path, lease_for, max_attempts, retry_delay=retry, clock=clock)
    return SqliteLeaseQueue(path, lease_for, max_attempts, retry_delay=retry, clock=clock)


def open_results(path, timeout: float | None = None):
    """A connection to the results table (made if missing): sqlite3, or psycopg for a DSN
    (made within `timeout` seconds, default kit.pgqueue.IO_TIMEOUT). A file that cannot hold
    it (read-only, full, damaged) is a QueueFileError naming it."""
    if is_dsn(path):
        from kit.pgqueue import IO_TIMEOUT, bounded, connect
        conn = connect(path, timeout=timeout or IO_TIMEOUT)
        try:
            with bounded(conn, timeout or IO_TIMEOUT):
                conn.execute(PG_RESULTS)
        except BaseException:
            conn.close()
            raise
        return conn
    with results_errors(path):
        conn = sqlite3.connect(queue_path(path), timeout=30, isolation_level=None)  # its name
        try:
            conn.execute(RESULTS)
        except BaseException:
            conn.close()
            raise
    return conn


@contextlib.contextmanager
def results_errors(where):
    """An sqlite3 error of the results table as one QueueFileError naming the file. `where` is
    the file's path, or its connection (then the name is looked up only when there is an
    error: a write costs no extra query)."""
    try:
        yield
    except sqlite3.Error as e:
        name = results_file(where) if isinstance(where, sqlite3.Connection) else os.fspath(where)
        raise QueueFileError(f"the results table in {name!r} failed: {e}") from None


def record(results, job, value, worker, timeout: float | None = None) -> None:
    """Write a job's result idempotently: one row per job, `runs` counts the runs. On
    PostgreSQL the write waits at most `timeout` seconds (default kit.pgqueue.IO_TIMEOUT) for
    a server that does not answer."""
    if isinstance(results, sqlite3.Connection):
        with results_errors(results):
            results.execute(RECORD, (job, value, worker))
    else:
        from kit.pgqueue import IO_TIMEOUT, bounded, jsonb
        with bounded(results, timeout or IO_TIMEOUT):  # a server that does not answer cuts it
            results.execute(PG_RECORD, (jsonb(job), value, jsonb(worker)))


def results_file(conn) -> str:
    """The file an sqlite3 connection has open ("" for one it cannot tell)."""
    try:
        rows = conn.execute("PRAGMA database_list").fetchall()
    except sqlite3.Error:  # closed, or broken past asking
        return ""
    return next((row[2] for row in rows if row[1] == "main"), "")


def setup(path, jobs: int, **queue_args) -> None:
    """A fresh queue holding jobs 0 .. jobs-1 (payload = job number) and an empty results
    table. On PostgreSQL the database's default queue and its results are emptied first."""
    with open_queue(path, **queue_args) as q:
        results = open_results(path)
        if is_dsn(path):
            q.drop()
            results.execute("DELETE FROM kit_lease_results WHERE queue = 'default'")
        for i in range(jobs):
            q.put(i, payload=i)
        results.close()


def result_value(job, value) -> int:
    """A handler's result as the results table holds it, the same rule on SQLite and
    PostgreSQL (whose column is a bigint): an int of 64 bits (not a bool). Anything else (NaN,
    a float, a str, an int too big) is one error naming the job, before either store is touched."""
    if not isinstance(value, Integral) or isinstance(value, bool):
        raise TypeError(f"the result of job {job!r} must be an int of 64 bits, got "
                        f"{validate.short(value)}")
    if not -(2**63) <= value < 2**63:
        raise ValueError(f"the result of job {job!r} must be an int of 64 bits, got {value!r}")
    return int(value)


def handle(queue, results, lease, name: str, work_seconds: float = 0, sleep=time.sleep,
           handler=None, cut_off: tuple = (), stop=None) -> bool:
    """Do one leased job: work (heartbeating every third of a lease), record, ack. Returns
    whether the ack was accepted (False: the lease was lost and someone else has the job, or
    the handler raised). A handler (default `work`) that raises anything, SystemExit and
    KeyboardInterrupt included, or a result the results table cannot hold (`result_value`),
    fails the attempt, with the error kept with the job: retried after backoff, dead-lettered
    at max_attempts. A lost connection (`cut_off`) passes, and so does a stop request
    (`stop`, a StopRequest: StopRequested, raised only inside the work), the lease untouched:
    the caller gives it back. Only a real one: a StopRequested a handler raises itself, no
    signal having come, is a failed attempt like any other exception."""
    stop = StopRequest() if stop is None else stop
    try:
        step = queue.lease_for / 3
        left = work_seconds
        while left > 0:
            with stop.interruptible():
                sleep(min(step, left))
            left -= step
            if left > 0:
                if not queue.heartbeat(lease):
                    break  # lost the lease: still safe to finish, the write is idempotent
                stop.beat(queue.lease_for)
        with stop.interruptible():
            value = (work if handler is None else handler)(lease.payload)
        record(results, lease.job, result_value(lease.job, value), name,
               getattr(queue, "io_timeout", None))
    except cut_off:
        raise
    except BaseException as exc:  # a poison job: this attempt failed, the worker goes on
        if isinstance(exc, StopRequested) and stop:
            raise  # a real stop request (a signal came): the caller gives the lease back
        queue.fail(lease, error=f"{type(exc).__name__}: {error_message(exc)}")
        return False
    return queue.ack(lease)


class StopRequested(BaseException):
    """Raised inside a job's work or a wait when SIGINT or SIGTERM arrives (a BaseException,
    so a handler's `except Exception` does not eat it; a handler raising KeyboardInterrupt
    itself is a poison job, not a stop)."""


class StopRequest:
    """The stop signals a worker received, in order (`signals`), and the lease it holds
    (`held`, with `held_until`, the wall-clock time it expires unless given back).

    Installed as the handler of SIGINT and SIGTERM, it only notes the signal, except while
    inside `interruptible()` (a wait, a job's work), where the first one raises
    StopRequested; a second signal is only noted. So a signal never lands in the middle of a
    call to the queue (half a fail, then a line saying the lease was given back)."""

    def __init__(self):
        self.signals: list[int] = []
        self.held = None
        self.held_until = None
        self.on_stop = None  # called at each stop request (in the signal handler)
        self._raising = False

    def __call__(self, signum, frame) -> None:
        self.signals.append(signum)
        if self.on_stop is not None:
            self.on_stop()  # e.g. kit.pgqueue.hurry: a call blocked on a silent server ends
        if self._raising:
            self._raising = False
            raise StopRequested(signum)

    def __bool__(self) -> bool:
        return bool(self.signals)

    @property
    def name(self) -> str:
        return signal.Signals(self.signals[0]).name if self.signals else ""

    @contextlib.contextmanager
    def interruptible(self):
        """Inside, a stop request raises StopRequested (at once if one came already)."""
        if self.signals:
            raise StopRequested(self.signals[0])
        self._raising = True
        try:
            yield
        finally:
            self._raising = False

    def nap(self, seconds: float) -> None:
        """Sleep, cut short by a stop request (which is then only noted)."""
        with contextlib.suppress(StopRequested), self.interruptible():
            time.sleep(seconds)

    def hold(self, lease, lease_for: float) -> None:
        self.held = lease
        self.held_until = None if lease is None else time.time() + lease_for

    def beat(self, lease_for: float) -> None:
        self.held_until = time.time() + lease_for


@contextlib.contextmanager
def stop_requests(stop: StopRequest | None = None, leave=None):
    """While inside, SIGINT and SIGTERM are noted by the yielded StopRequest (only in the main
    thread; elsewhere it never hears of one); afterwards the previous handlers come back, or
    `leave` (signal.SIG_IGN: a process that is shutting down) takes their place."""
    stop = StopRequest() if stop is None else stop
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    previous = {sig: signal.signal(sig, stop) for sig in STOP_SIGNALS}
    try:
        yield stop
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler if leave is None else leave)


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
GIVE_BACK_SECONDS = 2.0  # how long a stopping worker tries to reach the server to give back


class Stopped(Exception):
    """The worker stopped on a stop request; `code` is 128 + the signal's number, the message
    says what became of the lease it held."""

    def __init__(self, message: str, code: int):
        super().__init__(message)
        self.code = code


def give_back(queue, stop: StopRequest, cut_off: tuple, rand, seconds: float = GIVE_BACK_SECONDS
              ) -> str:
    """Fail the lease a stopping worker holds (the job comes back at once), trying for up to
    `seconds` while the server cannot be reached; what became of it, in words."""
    lease = stop.held
    if lease is None:
        return "it held no lease"
    what = f"its lease on job {lease.job!r}"
    give_up, tries = time.monotonic() + seconds, 0
    if hasattr(queue, "io_timeout"):  # PostgreSQL: no statement or connect waits longer
        queue.io_timeout = min(queue.io_timeout, seconds)
    while True:
        try:
            if queue.fail(lease, error=f"interrupted ({stop.name})"):
                return f"{what} was given back"
            return f"{what} had already ended (it expired, or another worker has the job)"
        except cut_off as exc:
            if time.monotonic() >= give_up:
                until = time.strftime("%H:%M:%S", time.localtime(stop.held_until))
                return (f"{what} is left to expire at {until} (lease_for={queue.lease_for:g} s "
                        f"after its last heartbeat): the queue's server could not be reached "
                        f"within {seconds:g} s ({' '.join(str(exc).split())})")
            time.sleep(delay_for("equal", tries, RECONNECT_BASE, RECONNECT_CAP / 4, rand))
            tries += 1


RECONNECT_BASE, RECONNECT_CAP = 0.05, 1.0  # seconds: the reconnect backoff's first wait, cap


class ServerGone(ConnectionError):
    """The queue's server stayed unreachable for longer than the worker's `outage` allowance."""


def run_worker(path, name: str, work_seconds: float = 0, exit_when_empty: bool = False,
               max_seconds: float = 300, poll: float = 0.01, outage: float = 60,
               rand=None, handler=None, stop: StopRequest | None = None, **queue_args) -> int:
    """The worker loop; returns how many jobs it handled. Stops when the queue has no live job
    (with exit_when_empty) or after max_seconds (so an orphaned worker never runs forever).

    A cut connection, or a server that cannot be reached (at start too), is waited out: the
    worker tries again after a capped, jittered backoff (`rand`, default a fresh
    random.Random, draws the jitter) and raises ServerGone once the server has been
    unreachable for more than `outage` seconds in a row.

    SIGINT and SIGTERM are stop requests (`stop`, a StopRequest, made and installed here
    unless given): checked before every lease, wait and reconnect attempt; the lease held is
    given back (`give_back`) and Stopped is raised, its message saying what became of it.
    max_seconds bounds a job's work too (`time_limit`, in the main thread: SIGALRM): a
    handler still running then is interrupted like a stop request, its lease given back, and
    Stopped is raised (code 142, "max_seconds=... reached while a handler ran")."""
    validate.number("outage", outage, low=0)
    validate.number("max_seconds", max_seconds, low=0)
    rand = random.Random().random if rand is None else validate.function("rand", rand)
    cut_off = _connection_errors(path)
    stop_at, handled = time.monotonic() + max_seconds, 0
    queue = results = None
    down_since, tries = None, 0
    with contextlib.ExitStack() as stack:
        stop = stack.enter_context(stop_requests(stop))
        if is_dsn(path):
            from kit.pgqueue import hurry
            stop.on_stop = hurry  # a statement blocked on a frozen server is cut 0.5 s after
        stack.callback(lambda: (_closed(queue), _closed(results)))
        while not stop and time.monotonic() < stop_at:
            try:
                if queue is None:
                    queue = open_queue(path, **queue_args)
                    if is_dsn(path):  # a server that does not answer is an outage too
                        queue.io_timeout = min(queue.io_timeout, max(2.0, outage))
                if results is None:
                    results = open_results(path, getattr(queue, "io_timeout", None))
                stop.hold(queue.lease(name), queue.lease_for)
                if stop.held is not None:
                    if stop:
                        break  # asked while leasing: give it back below
                    with time_limit(stop, stop_at):
                        handled += handle(queue, results, stop.held, name, work_seconds,
                                          handler=handler, cut_off=cut_off, stop=stop)
                    stop.hold(None, 0)
                elif exit_when_empty and _drained(queue):
                    break
                elif is_dsn(path):
                    with contextlib.suppress(StopRequested), stop.interruptible():
                        queue.wait(0.5)  # LISTEN/NOTIFY: woken by a put, or when a job is due
                else:
                    stop.nap(poll)
                down_since, tries = None, 0
            except StopRequested:
                break  # the lease held (stop.held) is given back below
            except cut_off as exc:  # the job we held is dropped: its lease expires, it comes back
                results = _closed(results)  # the queue connects again by itself
                now = time.monotonic()
                down_since = now if down_since is None else down_since
                if now - down_since > outage:
                    raise ServerGone(f"worker {name}: the queue's server has been unreachable "
                                     f"for {now - down_since:.1f} s (outage={outage}): "
                                     f"{' '.join(str(exc).split())}") from None
                stop.nap(min(delay_for("equal", tries, RECONNECT_BASE, RECONNECT_CAP, rand),
                             max(0.0, stop_at - now)))
                tries += 1
        if stop.signals[:1] == [signal.SIGALRM] and stop.held is None:
            return handled  # the time limit came between jobs: an ordinary end
        if stop:
            why = (f"max_seconds={max_seconds:g} s reached while a handler ran"
                   if stop.signals[0] == signal.SIGALRM else f"interrupted ({stop.name})")
            raise Stopped(f"worker {name}: {why}; {give_back(queue, stop, cut_off, rand)}",
                          128 + stop.signals[0])
    return handled


@contextlib.contextmanager
def time_limit(stop: StopRequest, stop_at: float):
    """While inside (a job's work), SIGALRM comes at `stop_at` (time.monotonic()) and is a
    stop request to `stop`: a handler that never returns cannot keep the worker past
    max_seconds. Only in the main thread (where signals are delivered); elsewhere, nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, max(0.001, stop_at - time.monotonic()))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _drained(queue) -> bool:
    s = queue.stats()
    return s.ready + s.leased + s.delayed == 0


def _closed(conn):
    """Close a queue or a results connection, whatever state it is in; returns None."""
    if conn is not None:
        try:
            conn.close()
        except Exception:  # a connection the server already cut
            pass
    return None


def _connection_errors(path) -> tuple:
    """What a cut connection raises: nothing to catch for a file."""
    if not is_dsn(path):
        return ()
    from kit.pgqueue import connection_errors
    return connection_errors()


class RunAudit(NamedTuple):
    """What a run left in the file. `lost` = jobs neither done nor dead (nor still live);
    `extra_runs` = runs beyond one per job, the price of at-least-once."""

    jobs: int
    done: int
    dead: int
    live: int
    results: int  # rows in the results table (one per job at most: it is keyed by job)
    done_without_result: int
    wrong_values: int
    lost: int
    extra_runs: int
    duplicate_deliveries: int


def summary(path, **queue_args) -> RunAudit:
    with open_queue(path, **queue_args) as q:
        s = q.stats()
    if is_dsn(path):
        queries = ("SELECT id, state FROM kit_lease_jobs WHERE queue = 'default'",
                   "SELECT job, value, runs FROM kit_lease_results WHERE queue = 'default'")
        conn = open_results(path)
    else:
        queries = ("SELECT id, state FROM jobs", "SELECT job, value, runs FROM results")
        conn = sqlite3.connect(queue_path(path), timeout=30)
    try:
        states = dict(conn.execute(queries[0]).fetchall())
        rows = {job: (value, runs) for job, value, runs in conn.execute(queries[1]).fetchall()}
    finally:
        conn.close()
    done = [j for j, state in states.items() if state == "done"]
    live = s.ready + s.leased + s.delayed
    return RunAudit(jobs=len(states), done=s.done, dead=s.dead, live=live, results=len(rows),
                   done_without_result=sum(j not in rows for j in done),
                   wrong_values=sum(rows[j][0] != work(j) for j in rows),
                   lost=len(states) - s.done - s.dead - live,
                   extra_runs=sum(runs - 1 for _, runs in rows.values()),
                   duplicate_deliveries=s.duplicate_deliveries)


class Fleet:
    """Worker processes on one queue (a file or a DSN): start, kill one (SIGKILL), replace,
    stop all. Each worker's PostgreSQL connections carry its name as application_name."""

    def __init__(self, path, work_seconds: float = 0.005, lease_for: float = 0.5,
                 max_attempts: int = 5, max_seconds: float = 300, outage: float = 60):
        self.path = os.fspath(path)
        self.args = ["--work", str(work_seconds), "--lease-for", str(lease_for),
                     "--max-attempts", str(max_attempts), "--max-seconds", str(max_seconds),
                     "--outage", str(outage), "--exit-when-empty"]
        self.procs: dict[str, subprocess.Popen] = {}
        self.started = self.killed = 0
        self.logs = tempfile.mkdtemp(prefix="kit-fleet-")

    def start(self, n: int = 1) -> list[str]:
        names = []
        for _ in range(n):
            self.started += 1
            name = f"w{self.started}"
            env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent),
                       PGAPPNAME=name)  # PostgreSQL shows it in pg_stat_activity
            with open(os.path.join(self.logs, f"{name}.err"), "w") as err:
                self.procs[name] = subprocess.Popen(
                    [sys.executable, "-m", "kit.durable_worker", self.path, "--name", name,
                     *self.args], stdout=subprocess.DEVNULL, stderr=err, env=env)
            names.append(name)
        return names

    def wait(self, timeout: float) -> dict:
        """Wait up to `timeout` seconds for every worker to exit; their exit codes by name
        (None for one still running)."""
        deadline = time.monotonic() + timeout
        for p in self.procs.values():
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.wait(max(0.0, deadline - time.monotonic()))
        return {name: p.poll() for name, p in self.procs.items()}

    def alive(self) -> list[str]:
        return [name for name, p in self.procs.items() if p.poll() is None]

    def kill(self, name: str | None = None, rng: random.Random | None = None) -> str | None:
        """SIGKILL one live worker (the named one, or one picked by `rng`, else the oldest)."""
        alive = self.alive()
        if not alive:
            return None
        name = name or (rng.choice(alive) if rng else alive[0])
        self.procs[name].send_signal(signal.SIGKILL)
        self.procs[name].wait()
        self.killed += 1
        return name

    def errors(self) -> str:
        """What the workers wrote to stderr (empty when nothing went wrong)."""
        return "".join(Path(self.logs, f"{n}.err").read_text() for n in self.procs)

    def stop(self) -> None:
        for p in self.procs.values():
            if p.poll() is None:
                p.kill()
        for p in self.procs.values():
            p.wait()

    def close(self) -> None:
        self.stop()
        for name in self.procs:
            Path(self.logs, f"{name}.err").unlink(missing_ok=True)
        os.rmdir(self.logs)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def option(check, **bounds):
    """An argparse type for one option: the text read as a number (or kept as a name) and
    checked by `check` (a kit.validate rule); a bad value is argparse's one line, exit 2."""
    def parse(text):
        try:
            value = text if check is validate.store_name else validate.parse_number(text)
            return check("", value, **bounds)
        except (TypeError, ValueError) as e:
            message = str(e).lstrip()
            if message.startswith("could not convert") or "invalid literal" in message:
                message = f"must be a number, got {text!r}"
            raise argparse.ArgumentTypeError(message) from None
    parse.__name__ = getattr(check, "__name__", "option")
    return parse


def main(argv=None) -> int:
    """The command line; the process's entry point. SIGINT and SIGTERM are noted from the start
    (a StopRequest) and ignored once it returns, so a late second signal cannot kill the
    interpreter while it shuts down (which would exit -2 instead of 130)."""
    p = argparse.ArgumentParser(prog="python -m kit.durable_worker", description=__doc__.split(
        "\n")[0])
    p.add_argument("path", help="the queue file, or a postgresql:// URL "
                   "(made by kit.durable_worker.setup)")
    seconds = option(validate.number, low=0)
    p.add_argument("--name", default=f"pid{os.getpid()}", type=option(validate.store_name),
                   help="worker name in leases")
    p.add_argument("--work", type=seconds, default=0.0, help="seconds of work per job")
    p.add_argument("--lease-for", type=option(validate.number, low=0, low_open=True),
                   default=0.5, help="lease length in seconds")
    p.add_argument("--max-attempts", type=option(validate.integer, low=1), default=5)
    p.add_argument("--max-seconds", type=seconds, default=300, help="stop after this long")
    p.add_argument("--exit-when-empty", action="store_true", help="stop when no job is live")
    p.add_argument("--outage", type=seconds, default=60,
                   help="give up once the server has been unreachable this many seconds")
    p.add_argument("--create", action="store_true",
                   help="make an empty queue file if the path does not exist (else refused)")
    args = p.parse_args(argv)
    if not (is_dsn(args.path) or args.create or os.path.exists(args.path)):
        print(f"worker {args.name}: the queue file {args.path!r} does not exist (a typo? "
              f"make it with kit.durable_worker.setup, or pass --create)", file=sys.stderr)
        return 2
    # SIGINT and SIGTERM only noted from here on (never a traceback), and ignored once the
    # worker returns: a signal during the interpreter's shutdown would kill it (exit -2)
    with stop_requests(leave=signal.SIG_IGN) as stop:
        try:
            run_worker(args.path, args.name, args.work, args.exit_when_empty, args.max_seconds,
                       outage=args.outage, lease_for=args.lease_for,
                       max_attempts=args.max_attempts, stop=stop)
        except Stopped as e:
            print(e, file=sys.stderr)
            return e.code
        except ServerGone as e:
            print(e, file=sys.stderr)
            return 1
        except (QueueFileError, OSError) as e:  # damaged, read-only, full, held
            print(f"worker {args.name}: {' '.join(str(e).split())}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

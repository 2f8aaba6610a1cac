"""Exercises for 06b_postgres_queue: the claim with `FOR UPDATE SKIP LOCKED`, on a real server.

q1 `claim_sql()` returns the list of SQL statements one worker runs to claim a job from a table

    jobs (id INTEGER PRIMARY KEY, visible_at DOUBLE PRECISION, worker TEXT, done INTEGER)

as notebook 06's q1 does, but on PostgreSQL and with the claim *inside a transaction that stays
open*: the harness sends `BEGIN`, then your statements, then `COMMIT`, each a step of its own, so
another worker can run whole claims while yours holds its row locks. Free means
`done = 0 AND visible_at <= :now`, whoever held the job (the claiming worker too) and whether or
not anyone did (a delayed job nobody took is free from its run time, not before); claiming
sets `worker = :worker, visible_at = :until`; the oldest free job (lowest id) that no other
worker is claiming goes first; a worker never waits for another worker's lock. Parameters
`:worker :now :until :id` as in 06 (`:id` is the first column of
the first row of the latest statement that returned rows).

The check runs workers A and B on two real connections to one PostgreSQL server and interleaves
their steps in the order a generated schedule says. The server decides what happens: a step that
meets the other worker's row lock stays blocked (the check sees it in `pg_blocking_pids`) until the
other worker's `COMMIT` releases the lock; the check waits for each step to finish or block, so
nothing depends on timing. It fails a claim that waited for a lock, a job claimed twice, a worker
that believes it holds a job the table gives to someone else, and a claim that did not get the
oldest free job that no overlapping claim took. The rows are stored in a shuffled physical order,
so a claim without `ORDER BY` meets them in another order than by id.

The server: `KIT_PG_DSN` if set, else `use_server(dsn)`, else a throwaway local server started at
the first check (`kit.pgqueue.local_server`) and stopped at exit. Where none can be started, the
check says so in one line.
"""

import atexit
import contextlib
import os
import queue
import re
import threading
import time
from typing import NamedTuple

from hypothesis import strategies as st

from kit.checks import Pitfall, Problem, a_kind
from kit.exercises.durable_queue import (
    ClaimError,
    NeverFinished,
    SqlRefused,
    claim_fault,
    row_fault,
)

NOW, UNTIL = 10, 15  # the claim runs at t = 10 and leases for 5
SCHEMA = f"kit_claim_{os.getpid()}"  # one schema per process: parallel checks do not meet
TABLE = ("CREATE TABLE jobs (id INTEGER PRIMARY KEY, visible_at DOUBLE PRECISION NOT NULL, "
         "worker TEXT, done INTEGER NOT NULL DEFAULT 0)")
INDEX = "CREATE INDEX jobs_free ON jobs (done, visible_at)"
STEP_LIMIT = 3.0  # s one statement may run (not wait for a lock) before the claim is stopped
MAX_ROUNDS = 40  # steps to finish the claims in progress after the schedule ends
PARAM = re.compile(r"(?<![:\w]):(worker|now|until|id)\b")


class PgClaim(NamedTuple):
    """One finished claim: who ran it, the job it believes it got, the kind of lock it waited for
    (False if none: "row lock", "table lock", "advisory lock", or "share lock" for the reader's
    FOR SHARE), the free jobs when it began, its first and last step, whom the table names, and that
    job's row (visible_at, worker, done) at the end."""

    worker: str
    got: int | None
    waited: bool | str
    free_at_start: tuple
    began: int
    ended: int
    table_says: str | None
    row_after: tuple | None = None




class Deadlock(ClaimError):
    """Both workers wait for each other's locks."""


class EndedTransaction(ClaimError):
    """A statement of the answer ended (or replaced) the transaction the check opened."""


class NotAJobId(ClaimError):
    """The claim's :id at the end is not a job id (an int) or None."""



class ServerUnavailable(RuntimeError):
    """No PostgreSQL server could be used or started here."""


# -- the server ------------------------------------------------------------------------------
_server: dict = {}


def use_server(dsn: str) -> None:
    """Run the checks on the server at `dsn` (the notebook passes the one it started)."""
    if not isinstance(dsn, str) or not dsn:
        raise ValueError(f"dsn must be a PostgreSQL connection string, got {dsn!r}")
    _close_harness()
    _server["dsn"] = dsn


def _dsn() -> str:
    if "dsn" in _server:
        return _server["dsn"]
    if os.environ.get("KIT_PG_DSN"):
        return os.environ["KIT_PG_DSN"]
    from kit import pgqueue
    try:
        pgqueue.load_psycopg()
        server = pgqueue.local_server()
        _server["dsn"] = server.__enter__()
    except Exception as e:  # noqa: BLE001 - any reason at all: say it in one line
        first = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise ServerUnavailable(f"this exercise needs a PostgreSQL server and none could be "
                                f"started here ({first})") from None
    atexit.register(server.__exit__, None, None, None)
    return _server["dsn"]


class _PgWorker:
    """One worker: its own connection, and a thread that runs one statement at a time, so a
    statement that waits for a lock can be left waiting while the other worker goes on."""

    def __init__(self, name, dsn):
        import psycopg
        self.name = name
        self.conn = psycopg.connect(dsn, autocommit=True, prepare_threshold=None,
                                    application_name=f"kit-claim-{name}")
        self.conn.execute(f"SET search_path = {SCHEMA}")
        self.conn.execute(f"SET statement_timeout = '{int(STEP_LIMIT * 2000)}ms'")
        self.pid = self.conn.info.backend_pid
        self.inbox, self.outbox = queue.Queue(), queue.Queue()
        self.thread = threading.Thread(target=self._serve, daemon=True,
                                       name=f"kit-claim-{name}")
        self.thread.start()
        self.reset()

    def reset(self):
        self.next, self.id, self.waited, self.began = 0, None, False, 0
        self.free: tuple = ()
        self.in_flight = None  # the statement sent and not answered yet

    def _serve(self):
        while (job := self.inbox.get()) is not None:
            sql, params = job
            try:
                cur = self.conn.execute(sql, params)
                self.outbox.put(("ok", cur.fetchall() if cur.description else None))
            except Exception as e:  # noqa: BLE001 - handed to the harness, which reports it
                self.outbox.put(("error", e))

    def close(self):
        self.inbox.put(None)
        self.thread.join(5)
        with contextlib.suppress(Exception):
            self.conn.close()


class _Harness:
    def __init__(self, dsn):
        import psycopg
        self.look = psycopg.connect(dsn, autocommit=True, prepare_threshold=None)
        self.look.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")
        self.look.execute(f"CREATE SCHEMA {SCHEMA}")
        self.look.execute(f"SET search_path = {SCHEMA}")
        self.look.execute(TABLE)
        self.look.execute(INDEX)
        self.workers = {name: _PgWorker(name, dsn) for name in "AB"}
        # the reader: another transaction that holds the oldest free job FOR SHARE (a share
        # lock) while the claims run, released when a claim waits for it. A claim whose lock
        # excludes another claim's (FOR UPDATE, FOR NO KEY UPDATE) passes over that row
        self.reader = psycopg.connect(dsn, autocommit=True, prepare_threshold=None)
        self.reader.execute(f"SET search_path = {SCHEMA}")
        self.reader_pid, self.reader_row = self.reader.info.backend_pid, None

    def hold_for_share(self, job: int) -> None:
        self.reader.execute("BEGIN")
        self.reader.execute("SELECT id FROM jobs WHERE id = %s FOR SHARE", (job,))
        self.reader_row = job

    def release_reader(self) -> None:
        if self.reader_row is not None:
            self.reader.execute("ROLLBACK")
            self.reader_row = None

    def blocked(self, w) -> str | None:
        """What `w` waits for, in words ("row lock", "table lock", ...), or None."""
        blockers = self.look.execute("SELECT pg_blocking_pids(%s)", (w.pid,)).fetchone()[0]
        if not blockers:
            return None
        if self.reader_pid in blockers:
            return "share lock"
        kind = self.look.execute("SELECT locktype FROM pg_locks WHERE pid = %s AND NOT granted "
                                 "LIMIT 1", (w.pid,)).fetchone()
        return {"relation": "table lock", "advisory": "advisory lock"}.get(
            kind[0] if kind else "", "row lock")

    def settle(self, w):
        """Wait until `w`'s statement has answered or waits for a lock: "done", "blocked"."""
        started = time.monotonic()
        while True:
            try:
                kind, value = w.outbox.get(timeout=0.002)
            except queue.Empty:
                waits = self.blocked(w)
                if waits == "share lock":  # noted, and the reader lets go: the claim goes on
                    w.waited = waits
                    self.release_reader()
                elif waits:
                    w.waited = w.waited or waits
                    return "blocked"
                if time.monotonic() - started > STEP_LIMIT:
                    raise NeverFinished(f"{self.which(w)} of worker {w.name} ran over "
                                        f"{STEP_LIMIT:g} s without waiting for a lock") from None
                continue
            if kind == "error":
                first = str(value).splitlines()[0] if str(value) else type(value).__name__
                message = f"{self.which(w)} of worker {w.name}'s claim failed: {first}"
                w.in_flight = None
                raise SqlRefused(message)
            w.in_flight = None
            return value

    def xact_start(self, w):
        return self.look.execute("SELECT xact_start FROM pg_stat_activity WHERE pid = %s",
                                 (w.pid,)).fetchone()[0]

    def still_open(self, w):
        """Refuse a statement of the answer that committed, rolled back or restarted the
        check's transaction: the claim must stay open until the check's own COMMIT."""
        from psycopg.pq import TransactionStatus
        if w.conn.info.transaction_status != TransactionStatus.INTRANS \
                or self.xact_start(w) != w.xact:
            raise EndedTransaction(
                f"statement {w.next} of worker {w.name}'s claim ended the transaction the check "
                "opened (a COMMIT, END or ROLLBACK of your own): the claim must stay open, its "
                "row locks held, until the check sends COMMIT. Do not write BEGIN or COMMIT")

    @staticmethod
    def which(w) -> str:
        """How a report names the step in flight: BEGIN, statement k (yours), COMMIT."""
        return w.in_flight.split()[0] if w.in_flight in ("BEGIN", "COMMIT") \
            else f"statement {w.next}"

    def cleanup(self):
        for w in self.workers.values():
            if w.in_flight is not None:
                self.look.execute("SELECT pg_cancel_backend(%s)", (w.pid,))
                with contextlib.suppress(queue.Empty):
                    w.outbox.get(timeout=STEP_LIMIT * 2)
            w.conn.execute("ROLLBACK") if w.conn.info.transaction_status else None
            w.reset()

    def close(self):
        for w in self.workers.values():
            w.close()
        with contextlib.suppress(Exception):
            self.reader.close()
        with contextlib.suppress(Exception):
            self.look.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")
        self.look.close()


def _harness() -> _Harness:
    if "harness" not in _server:
        _server["harness"] = _Harness(_dsn())
        atexit.register(_close_harness)
    return _server["harness"]


def _close_harness():
    harness = _server.pop("harness", None)
    if harness is not None:
        harness.close()


# -- running two claims interleaved ----------------------------------------------------------
def _statements(answer) -> list[str]:
    sql = answer()
    if not isinstance(sql, list) or not sql or not all(isinstance(s, str) for s in sql):
        raise TypeError(f"claim_sql() must return a list of SQL strings, got {a_kind(sql)}: "
                        f"{sql!r}")
    return [PARAM.sub(r"%(\1)s", s.replace("%", "%%")) for s in sql]


def run_claims(answer, case) -> list[PgClaim]:
    """Run `answer`'s claim for workers A and B, interleaved step by step as `schedule` says:
    BEGIN, each statement, COMMIT, each a step."""
    jobs, order, schedule = case
    steps = ["BEGIN", *_statements(answer), "COMMIT"]
    h = _harness()
    look, workers = h.look, h.workers
    look.execute("TRUNCATE jobs")
    with look.cursor() as cur:  # stored in a shuffled order: only ORDER BY decides
        cur.executemany("INSERT INTO jobs VALUES (%s, %s, %s, %s)",
                        [(i + 1, *jobs[i]) for i in order])
    if schedule.startswith("s"):  # a reader holds the oldest free job FOR SHARE meanwhile
        schedule = schedule[1:]
        free = [i for i, (v, _, d) in enumerate(jobs, 1) if not d and v <= NOW]
        if free:
            h.hold_for_share(free[0])
    finished: list[tuple] = []
    clock = [0]

    def answered(w, rows):
        if rows is not None:
            w.id = rows[0][0] if rows and rows[0] else None
        if w.next == 0:
            w.xact = h.xact_start(w)
        elif w.next < len(steps) - 1:
            h.still_open(w)
        w.next += 1
        if w.next == len(steps):
            if w.id is not None and type(w.id) is not int:
                raise NotAJobId(f"worker {w.name}'s claim ended with :id = {w.id!r} (a "
                                f"{type(w.id).__name__}), not a job id: the first column the "
                                "last statement returns must be the job's id (RETURNING id)")
            finished.append((w.name, w.id, w.waited, w.free, w.began, clock[0]))
            w.reset()

    def step(w) -> None:
        clock[0] += 1
        if w.in_flight is None:
            if w.next == 0:  # a claim begins: note the free jobs now
                w.began = clock[0]
                w.free = tuple(r[0] for r in look.execute(
                    f"SELECT id FROM jobs WHERE done = 0 AND visible_at <= {NOW} ORDER BY id")
                    if r[0] != h.reader_row)  # a row another transaction locks is not free
            w.in_flight = steps[w.next]
            w.inbox.put((steps[w.next], {"worker": w.name, "now": NOW, "until": UNTIL,
                                         "id": w.id}))
        for other in [w] + [o for o in workers.values() if o is not w]:
            if other.in_flight is None:
                continue
            got = h.settle(other)  # this step may have released what the other waited for
            if got != "blocked":
                answered(other, got)
        if all(o.in_flight is not None for o in workers.values()):
            raise Deadlock("A and B each wait for a lock the other holds (a deadlock): "
                           "PostgreSQL would abort one of them")

    try:
        for name in schedule:
            step(workers[name])
        for _ in range(MAX_ROUNDS):  # let the claims in progress finish, taking turns
            busy = [w for w in workers.values() if w.next > 0 or w.in_flight is not None]
            if not busy:
                break
            for w in busy:
                if w.in_flight is None:
                    step(w)
        else:
            raise NeverFinished("the claims never finished")
        owners, rows = {}, {}
        for (i, visible_at, worker, done) in look.execute(
                "SELECT id, visible_at, worker, done FROM jobs ORDER BY id"):
            rows[i] = (visible_at, worker, done)
            if rows[i] != tuple(jobs[i - 1]):
                owners[i] = worker
        claims = [PgClaim(name, got, waited, free, began, ended,
                        owners.get(got) if got is not None else None,
                        rows.get(got) if got is not None else None)
                  for name, got, waited, free, began, ended in finished]
        believed = {c.got for c in claims}
        claims += [PgClaim("nobody", job, False, (), 0, 0, owner, rows[job])
                   for job, owner in owners.items() if job not in believed]
        return claims
    finally:
        h.release_reader()
        h.cleanup()


def _judge(case, expected, got) -> str | None:
    jobs, _, _ = case
    holders: dict = {}
    for c in got:
        if c.worker == "nobody":
            fault = row_fault(c, tuple(jobs[c.got - 1]), UNTIL)
            if fault:
                return fault
            also = sorted({d.got for d in got if d.worker == c.table_says and d.got is not None})
            if also:
                return (f"{c.table_says}'s claim took job {c.got} too (it returned job "
                        f"{also[0]}): a claim takes one job; the other one stays leased to a "
                        "worker that never works on it")
            return (f"the table gives job {c.got} to {c.table_says}, but that worker's claim "
                    "returned nothing: it will never work on the job it holds")
        if c.waited == "share lock":
            return (f"{c.worker}'s claim waited for a share lock (FOR SHARE) that another "
                    "transaction held on the oldest free job: the claim does not lock its row "
                    "exclusively before it updates it (no lock, or FOR SHARE / FOR KEY SHARE, "
                    "which another claim's share lock does not exclude). Two such claims lock "
                    "one job at once and each UPDATE then waits for the other: a deadlock. "
                    "Lock the row you pick FOR UPDATE SKIP LOCKED; it passes over a row "
                    "another transaction locks")
        fault = claim_fault(c, jobs, c.free_at_start, holders) or row_fault(c, None, UNTIL)
        if fault:
            return fault
    for c in got:
        if c.waited:
            return (f"{c.worker} waited for the other worker's {c.waited}: a claim should skip a "
                    "row someone else is claiming and take the next free one (SKIP LOCKED), "
                    "never wait for a lock")
        taken = {d.got for d in got if d is not c and d.began <= c.ended and c.began <= d.ended}
        left = [j for j in c.free_at_start if j not in taken]
        want = left[0] if left else None
        if c.got != want:
            said = "nothing (no job was free that no other claim took)" if want is None else \
                f"job {want}, the oldest free job no other claim took"
            return f"{c.worker} should have got {said}; it got {c.got}"
    return None


# -- the answer and the classic mistakes ---------------------------------------------------------
def claim_sql():
    """The SQL statements, as a list of strings, that one worker runs inside its transaction to
    claim the oldest free job nobody else is claiming; :id at the end is the job it got."""
    # The subquery locks the oldest free row it can lock and passes over rows other open
    # transactions have locked (SKIP LOCKED); the UPDATE takes it; RETURNING says which.
    return ["""
        UPDATE jobs SET worker = :worker, visible_at = :until
         WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now
                      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id"""]


def _select_then_update():
    return ["SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1",
            "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id RETURNING id"]


READY, EXPIRED, EXPIRES_NOW, HELD = (0, None, 0), (5, "Z", 0), (NOW, "Z", 0), (UNTIL, "Z", 0)
DONE = (5, "Z", 1)
DELAYED, DUE_NOW = (NOW + 1, None, 0), (NOW, None, 0)  # never taken: free from its run time
OWN_EXPIRED, OWN_HELD = (5, "A", 0), (UNTIL, "B", 0)  # a claiming worker's own old leases

_jobs = st.lists(st.sampled_from([READY, READY, READY, EXPIRED, EXPIRES_NOW, HELD, DONE, DELAYED,
                                  DUE_NOW, OWN_EXPIRED, OWN_HELD]), max_size=4).map(tuple)
_cases = _jobs.flatmap(lambda jobs: st.tuples(
    st.just(jobs), st.permutations(range(len(jobs))).map(tuple),
    st.tuples(st.sampled_from(["", "", "s"]), st.text(alphabet="AB", min_size=1, max_size=9))
    .map("".join)))

q1 = Problem(
    name="claim_sql",
    arg_names=("jobs 1, 2, ... as (visible_at, worker, done)", "the order the rows are stored in",
               "schedule (whose step runs; a leading s: another transaction holds the oldest "
               "free job FOR SHARE meanwhile)"),
    cases=_cases,
    answer=claim_sql,
    run=run_claims,
    judge=_judge,
    max_examples=60,
    timeout=30.0,
    examples=[("no jobs", ((), (), "A")),
              ("B claims while A's claim is open", ((READY, READY), (0, 1), "AABBBA")),
              ("one job, A's claim open", ((READY,), (0,), "AABBBA")),
              ("another transaction holds job 1 FOR SHARE: pass over it",
               ((READY, READY), (0, 1), "sA")),
              ("a lease that expires exactly now", ((EXPIRES_NOW,), (0,), "A")),
              ("a crashed worker's lease, then a fresh job", ((EXPIRED, READY), (1, 0), "AAAB")),
              ("stored newest first", ((READY, READY, READY), (2, 1, 0), "A")),
              ("a lease still held and a done job", ((HELD, DONE, READY), (0, 1, 2), "ABAB")),
              ("an older job whose lease ran out, stored first",
               ((EXPIRED, READY), (0, 1), "A")),
              ("a delayed job nobody took, not due yet, before a free one",
               ((DELAYED, READY), (0, 1), "A")),
              ("A's own lease ran out: A may take that job again", ((OWN_EXPIRED,), (0,), "A"))],
    pitfalls=[
        Pitfall("FOR UPDATE without SKIP LOCKED",
                "the second worker's subquery waits for the first worker's row lock until it "
                "commits: correct, but every worker queues behind the first. SKIP LOCKED passes "
                "over the locked row and takes the next free one",
                edit=[("FOR UPDATE SKIP LOCKED", "FOR UPDATE")]),
        Pitfall("no FOR UPDATE at all",
                "with no row lock in the subquery (or one as weak as FOR KEY SHARE, which an "
                "UPDATE's lock does not exclude) both subqueries see job 1 free (A's change is "
                "not committed yet); B's UPDATE "
                "waits for A's row lock, and when A commits PostgreSQL re-checks only "
                "`id = 1`, which still holds: B overwrites A's claim. Lock the row in the "
                "subquery: FOR UPDATE SKIP LOCKED",
                edit=[(" FOR UPDATE SKIP LOCKED", "")]),
        Pitfall("a share lock (FOR SHARE)",
                "a share lock does not exclude another share lock: two claims at once both lock "
                "job 1 in their subqueries, and each UPDATE then waits for the other's lock (a "
                "deadlock). A claim must hold its row exclusively: FOR UPDATE SKIP LOCKED",
                edit=[("FOR UPDATE SKIP LOCKED", "FOR SHARE SKIP LOCKED")]),
        Pitfall("SELECT without a lock, then UPDATE",
                "the SELECT takes no lock, so both workers pick job 1; B's UPDATE waits for A "
                "and then takes the job A holds. SELECT ... FOR UPDATE SKIP LOCKED, then UPDATE",
                answer=_select_then_update),
        Pitfall("NOWAIT instead of SKIP LOCKED",
                "NOWAIT does not pass over a locked row: it raises an error (could not obtain "
                "lock), and the claim fails where it should have taken the next job",
                edit=[("FOR UPDATE SKIP LOCKED", "FOR UPDATE NOWAIT")]),
        Pitfall("no ORDER BY id", "without ORDER BY id (no ORDER BY, or one on another "
                "column such as visible_at) LIMIT 1 returns the first free row the scan meets: "
                "by the index on (done, visible_at), then in the order rows happen to be "
                "stored, not the oldest job; say ORDER BY id",
                edit=[("ORDER BY id LIMIT 1", "LIMIT 1")]),
        Pitfall("your own BEGIN and COMMIT", "the check opens the transaction and commits it "
                "after your statements; your COMMIT ends it early, so the claim's row lock is "
                "gone while the other worker runs", edit=[('return ["""', 'return ["BEGIN", """'),
                                                          ('RETURNING id"""]',
                                                           'RETURNING id""", "COMMIT"]')]),
        Pitfall("newest job first", "a queue hands out the oldest job first: ORDER BY id",
                edit=[("ORDER BY id LIMIT 1", "ORDER BY id DESC LIMIT 1")]),
        Pitfall("expiry one tick late",
                "a lease until 10 has expired at 10: free when visible_at <= :now",
                edit=[("visible_at <= :now", "visible_at < :now")]),
        Pitfall("expired leases never come back",
                "a worker that crashed keeps `worker` set forever; a job is free when its lease "
                "ran out (visible_at <= :now), whoever held it",
                edit=[("done = 0 AND visible_at <= :now", "done = 0 AND worker IS NULL")]),
        Pitfall("no RETURNING", "the UPDATE took a job but the worker never learns which",
                edit=[("\n        RETURNING id", "")]),
    ],
    hints=["Another worker's claim may be open (its row locks held, its change not committed) "
           "for the whole of yours. Your claim must neither take its row nor wait for it.",
           "In the subquery that picks the job, lock the row you pick and pass over rows that "
           "are locked: `... ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`.",
           "`UPDATE jobs SET ... WHERE id = (SELECT id FROM jobs WHERE <free> ORDER BY id LIMIT 1 "
           "FOR UPDATE SKIP LOCKED) RETURNING id`."],
    points=2,
)

PROBLEMS = [q1]

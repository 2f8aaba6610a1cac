"""Exercises for 06_durable_queue: the atomic claim, written in SQL.

q1 `claim_sql()` returns the list of SQL statements one worker runs to claim a job from a table

    jobs (id INTEGER PRIMARY KEY, visible_at REAL, worker TEXT, done INTEGER)

`visible_at` is when a job may next be handed out: its run time while nobody has taken it
(0, or later for a delayed job; worker NULL), then the end of its last lease. A job can be claimed
when `done = 0 AND visible_at <= :now`, whoever held it (the claiming worker too) and whether or
not anyone did (a lease that ran out at `now` has expired; a delayed job is not free before its
run time). Claiming sets `worker = :worker, visible_at = :until`. The oldest job (lowest id) goes
first. `:now` is the only clock: the check runs claims at several (:now, :until), one far from
SQLite's own clock. The statements run in order on one connection in autocommit mode (so
BEGIN / COMMIT are yours to write), with the parameters :worker, :now, :until and :id, the first
column of the first row of the latest statement that returned rows (None when it returned none).
That :id, at the end, is the job the worker believes it holds.

The check does not rely on timing, and it lets SQLite itself decide: it runs two workers, A and
B, on two real connections to one WAL file and interleaves their statements step by step in the
order a generated schedule says. A statement that meets another connection's write lock waits
(it is tried again at the worker's next turn), as SQLite's busy timeout makes it wait. Any other
refusal is what a real worker would meet too, and fails the claim: a plain `BEGIN` whose snapshot
another worker's commit made stale cannot write (SQLITE_BUSY_SNAPSHOT), a syntax error is a syntax
error. Then it asks: was any job claimed twice? Does every worker hold what it believes it holds?
Did a claim that ran alone get the oldest free job?

Each way of failing has its own exception class (`SqlRefused`, `StaleSnapshot`, `LeftOpen`,
`NeverFinished`), so a report names a pitfall only when the answer fails the way that pitfall does
(a syntax error is never "BEGIN without COMMIT").
"""

import os
import shutil
import sqlite3
import tempfile
from typing import NamedTuple

from hypothesis import strategies as st

from kit.checks import Pitfall, Problem, a_kind

NOW, UNTIL = 10, 15  # the first clock of the check: the claim runs at t = 10 and leases for 5
TABLE = ("CREATE TABLE jobs (id INTEGER PRIMARY KEY, visible_at REAL NOT NULL, worker TEXT, "
         "done INTEGER NOT NULL DEFAULT 0)")
INDEX = "CREATE INDEX jobs_free ON jobs (done, visible_at)"  # as a real queue table has
FREE = "done = 0 AND visible_at <= ?"  # what the harness counts as claimable at the case's now
SCRATCH = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None  # memory-backed when possible
MAX_ROUNDS = 40  # steps to finish the claims in progress after the schedule ends


class Claim(NamedTuple):
    """One finished claim: who ran it, the job it believes it got, whether no other worker ran a
    statement meanwhile, the oldest free job when it started (if it ran alone), and the worker
    the table names for that job at the end, and that job's whole row at the end
    (visible_at, worker, done)."""

    worker: str
    got: int | None
    alone: bool
    oldest_free: int | None
    table_says: str | None
    row_after: tuple | None = None


class ClaimError(RuntimeError):
    """The statements cannot be run to the end, on SQLite (06) or PostgreSQL (06b): each way of
    failing is a subclass, its message saying why."""


class SqlRefused(ClaimError):
    """The database refused a statement (a syntax error, an unknown column, a missing parameter,
    a lock NOWAIT could not get)."""


class StaleSnapshot(ClaimError):
    """A deferred transaction read, another worker committed, and SQLite refused the write."""


class LeftOpen(ClaimError):
    """A claim ended inside an open transaction: the write lock is never released."""


class NeverFinished(ClaimError):
    """The claims in progress never finished: a worker waits for a lock forever (or, on
    PostgreSQL, a statement ran, not waited, past its time limit)."""


def _statements(answer) -> list[str]:
    sql = answer()
    if not isinstance(sql, list) or not sql or not all(isinstance(s, str) for s in sql):
        raise TypeError(f"claim_sql() must return a list of SQL strings, got {a_kind(sql)}: "
                        f"{sql!r}")
    return sql


class _Worker:
    def __init__(self, name, conn):
        self.name, self.conn = name, conn
        self.next, self.id, self.alone, self.oldest = 0, None, True, None


def _budget(limit=20_000):
    calls = [0]

    def tick():
        calls[0] += 1
        return calls[0] > limit  # non-zero interrupts a runaway statement

    return tick


def _clock(case) -> tuple:
    """(:now, :until) of a case: its own, or the first clock (10, 15) when it names none."""
    return tuple(case[2:4]) if len(case) >= 4 else (NOW, UNTIL)


def run_claims(answer, case) -> list[Claim]:
    """Run `answer`'s statements for workers A and B, interleaved as `schedule` says, at the
    case's :now with leases until its :until: a fresh table, one connection per worker, the
    schedule's steps, then what each claim got."""
    jobs, schedule = case[:2]
    clock = _clock(case)
    statements = _statements(answer)
    folder = tempfile.mkdtemp(prefix="kit-claim-", dir=SCRATCH)
    conns = []
    try:
        path = os.path.join(folder, "jobs.db")
        look = _fresh_table(path, jobs, conns)
        workers = _connect_workers(path, conns)
        finished: list[tuple] = []
        for name in schedule:
            _step(workers[name], statements, look, workers, finished, clock)
        _finish_in_turns(statements, look, workers, finished, clock)
        return _claims(look, jobs, finished)
    finally:
        for conn in conns:
            conn.close()
        shutil.rmtree(folder, ignore_errors=True)


def _fresh_table(path, jobs, conns) -> sqlite3.Connection:
    """The jobs table at `path`, filled with `jobs` (rows 1, 2, ...); the connection that looks."""
    look = sqlite3.connect(path, isolation_level=None)
    conns.append(look)
    look.execute("PRAGMA journal_mode = WAL")
    look.execute("PRAGMA synchronous = OFF")  # a scratch file: no fsync
    look.execute("BEGIN")
    look.execute(TABLE)
    look.execute(INDEX)  # the planner may read rows in index order: only ORDER BY decides
    look.executemany("INSERT INTO jobs VALUES (?, ?, ?, ?)",
                     [(i, v, w, d) for i, (v, w, d) in enumerate(jobs, 1)])
    look.execute("COMMIT")
    return look


def _connect_workers(path, conns) -> dict[str, _Worker]:
    """Workers A and B, each on its own connection that never waits for a lock (timeout=0)."""
    workers = {}
    for name in "AB":
        conn = sqlite3.connect(path, timeout=0, isolation_level=None)
        conn.execute("PRAGMA synchronous = OFF")
        conn.set_progress_handler(_budget(), 1000)
        conns.append(conn)
        workers[name] = _Worker(name, conn)
    return workers


def _step(w: _Worker, statements, look, workers, finished, clock) -> None:
    """Worker `w` runs its next statement (or waits, when another holds the write lock); a claim
    that ran its last statement is added to `finished`."""
    if w.next == 0:  # a new claim starts: note the oldest free job now
        w.id, w.alone = None, True
        w.oldest = look.execute(f"SELECT min(id) FROM jobs WHERE {FREE}",
                                (clock[0],)).fetchone()[0]
    params = {"worker": w.name, "now": clock[0], "until": clock[1], "id": w.id}
    try:
        cursor = w.conn.execute(statements[w.next], params)
        rows = cursor.fetchall()
    except sqlite3.Error as e:
        if isinstance(e, sqlite3.OperationalError) and _error_name(e) == "SQLITE_BUSY":
            return  # another connection holds the write lock: wait for it
        raise _refusal(w, e) from None
    for other in workers.values():
        if other is not w and other.next > 0:
            other.alone = False  # someone ran a statement in the middle of its claim
    if cursor.description is not None:
        w.id = rows[0][0] if rows else None
    w.next += 1
    if w.next == len(statements):
        if w.conn.in_transaction:
            raise LeftOpen(f"worker {w.name}'s claim ended inside an open transaction; "
                           "end it with COMMIT, or the write lock is never released")
        w.next = 0
        finished.append((w.name, w.id, w.alone and len(statements) >= 1, w.oldest))


def _error_name(e: sqlite3.Error) -> str:
    return getattr(e, "sqlite_errorname", "")


def _refusal(w: _Worker, e: sqlite3.Error) -> ClaimError:
    """The ClaimError that says why SQLite refused worker `w`'s statement."""
    if isinstance(e, sqlite3.OperationalError):
        if _error_name(e) == "SQLITE_BUSY_SNAPSHOT":
            return StaleSnapshot(
                f"statement {w.next + 1} of worker {w.name} was refused by SQLite "
                "(SQLITE_BUSY_SNAPSHOT): its transaction read the table, then the other "
                "worker committed, and a stale snapshot may not write. Take the write "
                "lock before reading: BEGIN IMMEDIATE")
        return SqlRefused(f"statement {w.next + 1} failed for worker {w.name}: {e}")
    return SqlRefused(f"statement {w.next + 1} failed for worker {w.name}: "
                      f"{type(e).__name__}: {e}")


def _finish_in_turns(statements, look, workers, finished, clock) -> None:
    """Let the claims in progress finish, taking turns; NeverFinished when they cannot."""
    for _ in range(MAX_ROUNDS):
        busy = [w for w in workers.values() if w.next > 0]
        if not busy:
            return
        for w in busy:
            _step(w, statements, look, workers, finished, clock)
    raise NeverFinished("the claims never finished: a worker waits for a lock forever")


def _claims(look, jobs, finished) -> list[Claim]:
    """Each finished claim with the worker the table names for its job at the end, then a claim
    by "nobody" for every other row that changed."""
    owners, rows = {}, {}
    for i, (visible_at, worker, done) in enumerate(jobs, 1):
        rows[i] = look.execute("SELECT visible_at, worker, done FROM jobs WHERE id = ?",
                               (i,)).fetchone()
        if rows[i] != (visible_at, worker, done):
            owners[i] = rows[i][1]
    claims = [Claim(name, got, alone, oldest if alone else None,
                    owners.get(got) if got is not None else None, rows.get(got))
              for name, got, alone, oldest in finished]
    believed = {c.got for c in claims}
    claims += [Claim("nobody", job, False, None, owner, rows[job])
               for job, owner in owners.items() if job not in believed]
    return claims


def _free_at_start(jobs, now) -> list[int]:
    return [i for i, (visible_at, _, done) in enumerate(jobs, 1) if not done and visible_at <= now]


def _t(x) -> str:
    """A time as the messages show it: 15 for 15.0, 4000000005 (not 4e+09), 12.5."""
    return f"{x:.15g}"


def claim_fault(c, jobs, free, holders: dict) -> str | None:
    """What is wrong with one claim `c` on its own (None if nothing): a job claimed twice (`holders`
    remembers who took what), a job that was not free, or a worker that believes it holds a job the
    table gives to another. The claim checks of 06 (SQLite) and 06b (PostgreSQL) both ask it."""
    if c.got is None:
        return None
    if c.got in holders:
        return f"job {c.got} was claimed twice: by {holders[c.got]} and by {c.worker}"
    holders[c.got] = c.worker
    if c.got not in free:
        known = type(c.got) is int and 0 < c.got <= len(jobs)
        v, w, d = jobs[c.got - 1] if known else (None, None, None)
        why = "it is done" if d else "there is no such job" if v is None \
            else f"nobody has taken it, but it is delayed: due at {_t(v)}" if w is None \
            else f"{w} holds it until {_t(v)}"
        return f"{c.worker} claimed job {c.got}, which was not free ({why})"
    v, w, _ = jobs[c.got - 1]  # free, so a job of the table
    if c.table_says is None and c.row_after is not None and tuple(c.row_after) == (v, w, 0):
        return (f"{c.worker} believes it holds job {c.got}, but its claim left that row as it "
                f"was (visible_at = {_t(v)}, worker = {w!r}): a claim sets visible_at = :until "
                "and worker = :worker on the job it takes, even when the lease that ran out "
                "was its own")
    if c.table_says != c.worker:
        return f"{c.worker} believes it holds job {c.got}, but the table says {c.table_says}"
    return None


def row_fault(c, before, until) -> str | None:
    """What is wrong with the row a claim `c` leaves (None if nothing): the job it took must
    read (visible_at, worker, done) = (:until, its worker, 0); a row no claim took, found
    changed, names a worker that is neither A nor B."""
    if c.row_after is None:
        return None
    v, w, d = c.row_after
    if c.worker == "nobody" and c.table_says not in ("A", "B"):
        was = ", ".join(f"{k} = {x!r}" for k, x in zip(("visible_at", "worker", "done"), before,
                                                       strict=True))
        return (f"no claim took job {c.got}, yet its row changed (it was {was}; now "
                f"visible_at = {v!r}, worker = {w!r}, done = {d!r}): a claim may change only "
                "the row of the job it takes")
    if c.worker != "nobody" and c.got is not None and tuple(c.row_after) != (until, c.worker, 0):
        return (f"after {c.worker}'s claim job {c.got} reads visible_at = {_t(v)}, worker = "
                f"{w!r}, done = {d}; a claim sets worker = :worker and visible_at = "
                f":until ({_t(until)}) and leaves done = 0, so the job comes back to the "
                "queue if its worker crashes and the lease runs out")
    return None


def _judge(case, expected, got) -> str | None:
    jobs, until = case[0], _clock(case)[1]
    free = _free_at_start(jobs, _clock(case)[0])
    holders: dict = {}
    for c in got:
        before = jobs[c.got - 1] if type(c.got) is int and 0 < c.got <= len(jobs) else None
        if c.worker == "nobody":
            return row_fault(c, before, until) or (
                f"the table gives job {c.got} to {c.table_says}, but that worker's claim "
                "returned nothing: it will never work on the job it holds")
        fault = claim_fault(c, jobs, free, holders) or row_fault(c, before, until)
        if fault:
            return fault
        if c.alone and c.got != c.oldest_free:
            want = "nothing (no job was free)" if c.oldest_free is None \
                else f"job {c.oldest_free}, the oldest free one"
            return (f"{c.worker} claimed with no one else running and should have got {want}; "
                    f"it got {c.got}")
    return None


# -- the answer and the classic mistakes ---------------------------------------------------------
def claim_sql():
    """The SQL statements, as a list of strings, that one worker runs in order to claim the
    oldest free job for itself until :until; :id at the end is the job it believes it got."""
    # One statement: the subquery picks the oldest free job and the UPDATE takes it, atomically
    # (SQLite runs a statement under the write lock; in PostgreSQL add FOR UPDATE SKIP LOCKED to
    # the subquery). RETURNING tells the worker which job it got, or that it got none.
    return ["""
        UPDATE jobs SET worker = :worker, visible_at = :until
         WHERE id = (SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now
                      ORDER BY id LIMIT 1)
        RETURNING id"""]


SELECT_FREE = "SELECT id FROM jobs WHERE done = 0 AND visible_at <= :now ORDER BY id LIMIT 1"
TAKE = "UPDATE jobs SET worker = :worker, visible_at = :until WHERE id = :id"


def _select_then_update():
    return [SELECT_FREE, TAKE]


def _recheck_but_trust_the_select():
    return [SELECT_FREE, TAKE + " AND done = 0 AND visible_at <= :now"]


def _plain_begin():
    return ["BEGIN", SELECT_FREE, TAKE, "COMMIT"]


READY, EXPIRED, EXPIRES_NOW, HELD = (0, None, 0), (5, "Z", 0), (NOW, "Z", 0), (UNTIL, "Z", 0)
DONE, HELD_LONG = (5, "Z", 1), (UNTIL + 5, "Z", 0)  # HELD_LONG: a lease that runs past :until
# Jobs put with a delay that nobody took yet (worker NULL, visible_at = their run time): not yet
# due (a second from now, or after the lease would end), due a while ago, due exactly now.
DUE_SOON, DUE_LATER, CAME_DUE, DUE_NOW = (NOW + 1, None, 0), (UNTIL + 5, None, 0), \
    (5, None, 0), (NOW, None, 0)
# The clocks the claims run at, (:now, :until): the first one, a short lease, a time between whole
# seconds, and one far past SQLite's own clock (unixepoch() is about 1.8e9 until 2096), so an
# answer that reads another clock than :now, or derives it from :until, meets a time it gets wrong.
CLOCKS = [(NOW, UNTIL), (NOW, NOW + 2), (10.5, 13.25), (4_000_000_000, 4_000_000_030)]


@st.composite
def _claim_cases(draw):
    """Jobs 1, 2, ... around a clock drawn from CLOCKS: never taken, delayed (not yet due, due,
    due now) or leased (expired, expiring now, held a little, to :until, past it), by nobody, by
    a worker that is gone (Z) or by A or B themselves; done or not; then a schedule."""
    now, until = draw(st.sampled_from(CLOCKS))
    row = st.tuples(st.sampled_from([0, 0, 0, now - 5, now, now + 1, until, until + 5]),
                    st.sampled_from([None, None, "Z", "A", "B"]), st.sampled_from([0, 0, 0, 1]))
    return (draw(st.lists(row, max_size=4).map(tuple)), draw(_schedule), now, until)


_schedule = st.text(alphabet="AB", min_size=1, max_size=8)
_FAR = CLOCKS[-1][0]

q1 = Problem(
    name="claim_sql",
    arg_names=("jobs 1, 2, ... as (visible_at, worker, done)", "schedule (whose statement runs)",
               ":now", ":until"),
    cases=_claim_cases(),
    answer=claim_sql,
    run=run_claims,
    judge=_judge,
    max_examples=200,
    examples=[("no jobs", ((), "A", NOW, UNTIL)),
              ("two workers, one job", ((READY,), "AB", NOW, UNTIL)),
              ("a lease that expires exactly now", ((EXPIRES_NOW,), "A", NOW, UNTIL)),
              ("a crashed worker's lease, then a fresh job", ((EXPIRED, READY), "AA", NOW, UNTIL)),
              ("a lease still held and a done job", ((HELD, DONE, READY), "ABAB", NOW, UNTIL)),
              ("one worker reads while the other claims",
               ((READY, READY), "AABBBBAA", NOW, UNTIL)),
              ("an expired lease before two fresh jobs",
               ((EXPIRED, READY, READY), "A", NOW, UNTIL)),
              ("a lease that runs past :until beside a fresh job",
               ((HELD_LONG, READY), "A", NOW, UNTIL)),
              ("delayed jobs nobody took, not yet due, before a fresh job",
               ((DUE_SOON, DUE_LATER, READY), "A", NOW, UNTIL)),
              ("a delayed job nobody took that came due, and one due exactly now",
               ((CAME_DUE, DUE_NOW), "AB", NOW, UNTIL)),
              ("A's own lease ran out, before a fresh job",
               (((5, "A", 0), READY), "A", NOW, UNTIL)),
              ("A's own lease ends exactly now", (((NOW, "A", 0),), "A", NOW, UNTIL)),
              ("A's own lease still runs, before a fresh job",
               (((UNTIL, "A", 0), READY), "A", NOW, UNTIL)),
              ("a lease of 2 s: a lease held one more second, before a fresh job",
               (((NOW + 1, "Z", 0), READY), "A", NOW, NOW + 2)),
              ("a clock between whole seconds: a lease that expires exactly now",
               (((10.5, "Z", 0),), "A", 10.5, 13.25)),
              ("a later clock, far past SQLite's own, and a 30 s lease",
               (((_FAR - 5, "Z", 0), (_FAR + 1, "Z", 0), (_FAR + 30, None, 0), READY), "AB",
                _FAR, _FAR + 30))],
    pitfalls=[
        Pitfall("SELECT, then UPDATE, outside a transaction",
                "between your SELECT and your UPDATE the other worker can take the same row; an "
                "UPDATE that does not re-check the whole free condition (done = 0 AND "
                "visible_at <= :now: a row just claimed still has done = 0) takes it again, and "
                "both believe they hold it. Make the pick and the take one statement (UPDATE "
                "... WHERE id = (SELECT ...) RETURNING id), or re-check the free condition in "
                "the UPDATE's WHERE and return its id (a compare-and-set), or put them in one "
                "BEGIN IMMEDIATE ... COMMIT", answer=_select_then_update),
        Pitfall("checked the row in the UPDATE but trusted the SELECT",
                "the UPDATE rightly changed nothing when the row was taken, but the worker still "
                "believes the SELECT's id; add RETURNING id so a lost race comes back empty",
                answer=_recheck_but_trust_the_select),
        Pitfall("a plain BEGIN", "a deferred transaction takes the write lock only at its first "
                "write; if the other worker commits in between, SQLite refuses the write "
                "(SQLITE_BUSY_SNAPSHOT). BEGIN IMMEDIATE takes the lock before reading",
                answer=_plain_begin),
        Pitfall("expired leases never come back",
                "a worker that crashed keeps `worker` set forever; a job is free when its lease "
                "ran out (visible_at <= :now), whoever held it",
                edit=[("done = 0 AND visible_at <= :now", "done = 0 AND worker IS NULL")]),
        Pitfall("a delayed job taken before it is due",
                "visible_at of a job nobody took yet is its run time: it is free once "
                "visible_at <= :now, like any other job, not because no worker is named",
                edit=[("done = 0 AND visible_at <= :now",
                       "done = 0 AND (worker IS NULL OR visible_at <= :now)")]),
        Pitfall("the worker's own expired lease left out",
                "expiry does not ask who held the lease: a worker whose own lease ran out (it "
                "crashed and came back under the same name) may claim that job again, and must "
                "renew it (visible_at = :until); the free condition names no worker",
                edit=[("done = 0 AND visible_at <= :now",
                       "done = 0 AND visible_at <= :now AND worker IS NOT :worker")]),
        Pitfall("compared with :until, not :now",
                ":until is when the new lease will end, not the time now; a lease that ends "
                "between :now and :until is still held. Compare visible_at with :now",
                edit=[("visible_at <= :now", "visible_at < :until")]),
        Pitfall("SQLite's own clock, not :now",
                "the claim runs at :now, the one clock every worker shares; unixepoch(), "
                "'now' or CURRENT_TIMESTAMP is another clock (the database host's), which "
                "agrees with :now only by chance",
                edit=[("visible_at <= :now", "visible_at <= unixepoch()")]),
        Pitfall("expiry one tick late",
                "a lease until 10 has expired at 10: held while now < visible_at, so free when "
                "visible_at <= :now", edit=[("visible_at <= :now", "visible_at < :now")]),
        Pitfall("newest job first", "a queue hands out the oldest job first: ORDER BY id",
                edit=[("ORDER BY id LIMIT 1", "ORDER BY id DESC LIMIT 1")]),
        Pitfall("no ORDER BY", "LIMIT 1 alone returns whichever free row the planner meets "
                "first; with an index on (done, visible_at) that is not the oldest job. Say "
                "ORDER BY id", edit=[("ORDER BY id LIMIT 1", "LIMIT 1")]),
        Pitfall("BEGIN without COMMIT",
                "the transaction (and the file's write lock) stays open after the claim, so "
                "every other worker waits forever",
                edit=[('return ["""', 'return ["BEGIN IMMEDIATE", """')]),
    ],
    hints=["Pick and take must happen as one indivisible step: another worker may run between "
           "any two of your statements.",
           "One UPDATE can do both: `UPDATE jobs SET ... WHERE id = (SELECT id FROM jobs WHERE "
           "<free> ORDER BY id LIMIT 1)`. Free means `done = 0 AND visible_at <= :now`.",
           "End it with `RETURNING id` so the worker learns which job it got (or none)."],
)

PROBLEMS = [q1]


# -- q2: fencing tokens: the store refuses a stale lease holder's late write --------------------
# Appended (issue 28). The clock-skew story of the notebook: an honest worker and a worker whose
# clock runs 3 s fast share one SQLite queue; the fast one takes a job its holder still works on.
# The queue rejects the late *ack* by its token; the *write* the job makes downstream is the
# application's to fence. Programs are generated as what the two workers do; the tokens come from
# the real queue, and the learner's store is compared with a model after every step.
from kit import store as _store  # noqa: E402 - appended section
from kit.checks import difference, same  # noqa: E402
from kit.clock import FakeClock  # noqa: E402

SKEW, LEASE_FOR, TICK = 3, 5, 2  # the fast clock runs 3 s ahead; leases last 5 s; a tick is 2 s


class _Skewed:
    def __init__(self, clock, offset):
        self.clock, self.offset = clock, offset

    def now(self):
        return self.clock.now() + self.offset


class FencedStore:
    """A downstream store that fences off stale lease holders: each write carries the writer's
    lease token, and a write to a key that a newer token has already written is refused."""

    def __init__(self):
        self.values = {}
        self.newest = {}  # key -> the newest token that has written it

    def write(self, key, value, token):
        """Store `value` under `key` unless a newer token already wrote that key; True if
        stored, False if refused. The same token may write again (one holder, two writes)."""
        if token < self.newest.get(key, token):
            return False
        self.newest[key] = token
        self.values[key] = value
        return True

    def read(self, key):
        """The value stored under `key`, or None."""
        return self.values.get(key)


def fenced_story(answer, case):
    """Replay the two workers' story on a real SQLite lease queue with skewed clocks; per step,
    what the store said: a write's True/False, a read's value (None for a lease or a tick).
    `case` is (ops,) or (ops, first): with first = 0 the store sees the queue's tokens counted
    from 0 (the first grant writes with token 0), as a queue that starts its counter at 0 does."""
    ops, first = (*case, None)[:2]
    folder = tempfile.mkdtemp(prefix="kit-fence-", dir=SCRATCH)
    queues = []
    try:
        t = FakeClock(100)
        path = os.path.join(folder, "skew.db")
        for offset in (0, SKEW):
            queues.append(_store.SqliteLeaseQueue(path, LEASE_FOR, 3, retry_delay=lambda r: 0,
                                                  clock=_Skewed(t, offset), timeout=0))
        by = dict(zip(("honest", "fast"), queues, strict=True))
        queues[0].put("report")
        beside = answer()  # another store beside this one: a store keeps its state to itself
        beside.write("report", "another store's value", 10**6)
        fenced, held, seen, put = answer(), {}, [], {"report"}
        granted = {}  # job -> (the newest token the queue granted for it, to whom)
        shift = []  # queue token + shift = the token the store sees (set at the first grant)
        for op, *arg in ops:
            if op == "put":
                if arg[0] not in put:
                    queues[0].put(arg[0])
                    put.add(arg[0])
                seen.append(None)
            elif op == "tick":
                t.advance(TICK)
                seen.append(None)
            elif op == "lease":
                got = by[arg[0]].lease(arg[0])
                if got is not None:
                    shift = shift or [0 if first is None else first - got.token]
                    token = got.token + shift[0]
                    held[arg[0]] = (got.job, token)
                    granted[got.job] = max(granted.get(got.job, (token, arg[0])), (token, arg[0]))
                seen.append(None)
            elif op == "write":
                lease = held.get(arg[0])
                if lease is None:
                    seen.append(None)
                else:  # what write said, and what the key holds right after
                    job, token = lease
                    said = fenced.write(job, f"{arg[0]}#{token}", token)
                    seen.append((said, fenced.read(job)))
            elif op == "late":  # a delayed write next to the newest grant: older, equal, newer
                key, delta, theirs, *given = arg  # given: the value to write (a falsy one, say)
                if key not in granted or granted[key][0] + delta < 0:  # tokens are 0 or more
                    seen.append(None)
                else:
                    token, who = granted[key]
                    value = given[0] if given else f"{who}#{token}" if theirs \
                        else token + delta  # any value: an int
                    said = fenced.write(key, value, token + delta)
                    seen.append((said, fenced.read(key)))
            else:
                seen.append(fenced.read(arg[0]))
        return seen
    finally:
        for q in queues:
            q.close()
        shutil.rmtree(folder, ignore_errors=True)


def _say(op) -> str:
    what, *arg = op
    who = arg[0] if arg else ""
    return {"tick": "two seconds pass", "put": f"{who} is queued", "lease": f"{who} leases",
            "write": f"{who} writes its job's result", "read": f"read {who}",
            "late": _say_late(*arg)}.get(what, what)


def _say_late(key="", delta=0, same=False, *given) -> str:
    which = {-1: "one older than", 0: "equal to", 1: "one newer than"}.get(delta, "")
    value = f"the value {given[0]!r}" if given else "the newest holder's value" if same \
        else "a new value (an int)"
    return f"a delayed write to {key}, token {which} the newest granted, {value}"


def _offered(value, given) -> bool:
    """Could a write of this story have carried `value`? A holder's "who#token", a delayed
    write's int, or a value a delayed write was given: a store holding anything else holds
    another store's state."""
    return (type(value) is int or any(same(value, g) for g in given)
            or isinstance(value, str) and value.partition("#")[0] in ("honest", "fast"))


def _judge_fenced(case, expected, got) -> str | None:
    ops = case[0]
    if not isinstance(got, list) or len(got) != len(expected):
        return difference(expected, got)
    written = [w[1] for w in expected if isinstance(w, tuple)]  # a list: 0 and False are two
    given = [op[4] for op in ops if op[0] == "late" and len(op) > 4]
    for k, (op, want, value) in enumerate(zip(ops, expected, got, strict=True), 1):
        if op[0] in ("write", "late") and want is not None:
            (want, holds), (value, now_holds) = want, value
            if now_holds is not None and all(str(now_holds) != str(w) for w in written) \
                    and not _offered(now_holds, given):
                return (f"step {k} ({_say(op)}): write said {value}, and the store then held "
                        f"{now_holds!r}, which no write of this story made: your store shares "
                        "its state with another FencedStore (a class attribute, a mutable "
                        "default argument). The check makes a store per story and one beside "
                        "it; each FencedStore() must be a store of its own")
            if value is not True and value is not False:
                return f"step {k} ({_say(op)}): write must return True or False, got {value!r}"
            if value == want and not same(holds, now_holds):
                return (f"step {k} ({_say(op)}): write said {value}, and then the store held "
                        f"{now_holds!r}; it should hold {holds!r}")
        if not same(want, value):
            said = {True: "True (stored)", False: "False (refused: a newer token wrote it)"}
            return (f"step {k} ({_say(op)}): expected {said.get(want, repr(want))}, "
                    f"got {said.get(value, repr(value))}")
    return None


def _last_writer_wins():
    """No fence: the late write of the stale holder overwrites the newer result."""
    class LastWriterWins(FencedStore):
        def write(self, key, value, token):
            self.values[key] = value
            return True
    return LastWriterWins()


FALSY = (0, "", None, False)  # values a store must keep as written: `if value:` loses them
_STEPS = [("lease", "honest"), ("lease", "fast"), ("tick",), ("tick",), ("write", "honest"),
          ("write", "fast"), ("write", "honest"), ("write", "fast"), ("read", "report"),
          ("read", "invoice"), ("put", "invoice"),
          *[("late", key, delta, same) for key in ("report", "invoice") for delta in (-1, 0, 1)
            for same in (False, True)],
          *[("late", key, delta, False, v) for key in ("report", "invoice") for delta in (0, 1)
            for v in FALSY]]
_LATE = [*[("late", "report", delta, same) for delta in (-1, 0, 1) for same in (False, True)],
         *[("late", "report", delta, False, v) for delta in (0, 1) for v in FALSY]]


@st.composite
def _rounds(draw):
    """One to three rounds of the skew story: one worker leases, time passes (or not), the other
    leases, both write in either order, maybe again; a second job now and then."""
    ops = []
    for _ in range(draw(st.integers(1, 3))):
        first, second = draw(st.permutations(["honest", "fast"]))
        ops += [("put", "invoice")] * draw(st.sampled_from([0, 0, 1]))
        ops += [("lease", first)] + [("tick",)] * draw(st.integers(0, 3)) + [("lease", second)]
        ops += draw(st.permutations([("write", first), ("write", second)]))
        ops += draw(st.lists(st.sampled_from(_STEPS), max_size=2))
        ops += draw(st.lists(st.sampled_from(_LATE), max_size=2))
    return ops


# The tokens the store sees: the queue's own (None), or counted from 0, so that token 0 writes.
_story = st.tuples(st.one_of(_rounds(), st.lists(st.sampled_from(_STEPS), min_size=3,
                                                  max_size=12)),
                   st.sampled_from([None, 0]))
_THE_DEMO = [("lease", "honest"), ("tick",), ("lease", "fast"), ("write", "fast"),
             ("write", "honest"), ("read", "report")]

q2 = Problem(
    name="FencedStore",
    arg_names=("what the workers do", "tokens counted from (None: the queue's own)"),
    cases=_story,
    answer=FencedStore,
    reference=FencedStore,
    run=fenced_story,
    judge=_judge_fenced,
    max_examples=120,
    examples=[("the skew demo: the fast worker takes the report, then the honest one writes late",
               (_THE_DEMO,)),
              ("one holder writes twice", ([("lease", "honest"), ("write", "honest"),
                                            ("write", "honest"), ("read", "report")],)),
              ("two jobs, tokens from one counter",
               ([("put", "invoice"), ("lease", "honest"), ("lease", "fast"), ("write", "fast"),
                 ("write", "honest"), ("read", "report"), ("read", "invoice")],)),
              ("the honest worker writes first, then the fast one takes over and writes",
               ([("lease", "honest"), ("write", "honest"), ("tick",), ("lease", "fast"),
                 ("write", "fast"), ("read", "report")],)),
              ("a refused write, then the stale holder tries again",
               ([*_THE_DEMO[:5], ("write", "honest"), ("read", "report")],)),
              ("after the newest holder wrote: delayed writes with a token one older (new "
               "value, then the stored value), equal, and one newer",
               ([*_THE_DEMO[:4], ("late", "report", -1, False), ("late", "report", -1, True),
                 ("late", "report", 0, True), ("late", "report", 1, False),
                 ("late", "report", 0, False), ("read", "report")],)),
              ("tokens counted from 0: the first holder writes with token 0, the next one takes "
               "over and writes, then the first writes late",
               ([("lease", "honest"), ("write", "honest"), ("tick",), ("lease", "fast"),
                 ("write", "fast"), ("write", "honest"), ("read", "report")], 0)),
              ('the newest holder writes 0, "", None and False, each followed by a delayed '
               "write with an older token",
               ([*_THE_DEMO[:4], *[op for v in FALSY for op in (
                   ("late", "report", 0, False, v), ("read", "report"),
                   ("late", "report", -1, False), ("read", "report"))]], None))],
    pitfalls=[
        Pitfall("no fence: last writer wins", "the stale holder's late write overwrites the "
                "result of the worker that holds the job now; keep the newest token per key and "
                "refuse older ones", answer=_last_writer_wins),
        Pitfall("the holder's second write refused", "a token may write a key again: refuse "
                "only tokens *older* than the newest (token < newest), not equal ones",
                edit=[("if token < self.newest.get(key, token):",
                       "if token <= self.newest.get(key, token - 1):")]),
        Pitfall("a token one older let through", "only the newest token may write: refuse "
                "every older one, the one just before it included (token < newest, no slack)",
                edit=[("if token < self.newest.get(key, token):",
                       "if token < self.newest.get(key, token) - 1:")]),
        Pitfall("a falsy value not stored", "a value is any object: 0, \"\", None and False "
                "are written like any other (`if value:` drops them while write says True); "
                "store whatever the write carries, and test a key with `in`, not by its value",
                edit=[("        self.values[key] = value\n",
                       "        if value:\n            self.values[key] = value\n")]),
        Pitfall("token 0 let through", "0 is a token like any other, the first of a queue that "
                "counts from 0: `if token and ...` waves it through unfenced. Compare the token "
                "itself (token < newest), never its truth",
                edit=[("if token < self.newest.get(key, token):",
                       "if token and token < self.newest.get(key, token):")]),
        Pitfall("one fence for the whole store", "tokens come from one counter for all jobs, so "
                "a newer token on another key says nothing about this one: fence per key",
                edit=[("self.newest.get(key, token)",
                       "max(self.newest.values(), default=token)")]),
        Pitfall("remembered the refused token", "a refused write must change nothing, its token "
                "included; otherwise the stale holder's next write gets through",
                edit=[("        if token < self.newest.get(key, token):\n"
                       "            return False\n        self.newest[key] = token\n",
                       "        newest = self.newest.get(key, token)\n"
                       "        self.newest[key] = token\n"
                       "        if token < newest:\n            return False\n")]),
        Pitfall("stored, then refused", "the check and the write are one step: test the token "
                "first, store only when it passes",
                edit=[("        if token < self.newest.get(key, token):\n            return False\n"
                       "        self.newest[key] = token\n        self.values[key] = value\n",
                       "        self.values[key] = value\n"
                       "        if token < self.newest.get(key, token):\n            return False\n"
                       "        self.newest[key] = token\n")]),
    ],
    hints=["The queue's token grows with every grant. The newest grant of a job is its rightful "
           "holder; anything older is a worker whose lease ran out (by someone's clock).",
           "Keep, per key, the newest token that has written it. Refuse a write whose token is "
           "smaller; accept equal or larger, and remember it.",
           "`if token < self.newest.get(key, token): return False`, then store the token and "
           "the value and return True."],
    points=2,
)

PROBLEMS.append(q2)

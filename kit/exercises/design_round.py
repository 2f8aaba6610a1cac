"""Exercises for 12_design_round: the job scheduler document's design, end to end, in one class.

The class the learner writes (the API every check relies on):

    DesignScheduler(path, clock, workers=1)   opens (or creates) the SQLite file at `path`
      submit(jobs) -> None     a batch [(id, priority, duration, deps), ...] (priority any int,
                               negative too; an empty batch stores nothing), stored whole or
                               refused whole: ValueError (an id already used, an id twice in the
                               batch, a duration below 1, a dependency on an unknown id), and,
                               when the batch is otherwise valid, graphlib.CycleError for a cycle
                               (a job that needs itself is a cycle of one)
      tick() -> list           at clock.now(): retire the RUNNING jobs that end now, release
                               their dependents, then start READY jobs on the free workers, the
                               lowest priority number first, equal priorities in submission order;
                               the ids started, best first
      cancel(id) -> bool       a job not started yet (PENDING or READY) and every job that depends
                               on it, directly or not, become CANCELLED: True; otherwise False
      status(id) -> str        PENDING READY RUNNING DONE CANCELLED; KeyError for an unknown id
      close()                  the object is not used after it

A job started at t with duration d is RUNNING until the tick at t + d retires it (DONE). A new job
depending on a CANCELLED job is CANCELLED as it is stored; one whose dependencies are all DONE is
READY at once. The file is the truth: a new object opened on it continues where the old one
stopped, and a job that was RUNNING when its process stopped is READY again (it runs again, from
the start: at-least-once, so jobs must be safe to repeat).

Levels: L1 run with dependencies, L2 refusing bad batches, L3 cancel that cascades (its cost
counted, and counted again at L4 and L5), L4 restart, L5 crash at any moment. Each replays generated
programs ("submit [a p2 d3 after b]", "tick", "cancel a", "restart", "crash") on the learner's class
and on the answer, each on its own scratch file, and compares what every call returned and, after
every step, the status of every id the program has named. A restart closes the object, moves its
file to a new name (so only what is in the file can come back) and opens a new object on it; a crash
copies the files as they are on disk while the object is still open (what a power cut would leave,
given every commit reached the disk) and opens a new object on the copy. Level 5 also asks each of
the object's sqlite3 connections for `PRAGMA synchronous`: FULL (or EXTRA), the kit's convention, so
that a commit is on the disk when it returns.
"""

import functools
import itertools  # noqa: F401 - a pitfall's text
import os
import re
import shutil
import sqlite3
import tempfile
from graphlib import CycleError, TopologicalSorter  # noqa: F401 - the answer's and the statement's

from hypothesis import strategies as st

from kit.checks import Pitfall, Problem, answers, mutate, report, too_slow, watch
from kit.clock import FakeClock
from kit.exercises.durable_queue import SCRATCH

__all__ = ["DesignScheduler", "LEVELS", "progress", "replay", "q1", "q2", "q3", "q4", "q5"]


# -- the answer: one class for all five levels ----------------------------------------------------
class DesignScheduler:
    """Jobs with dependencies on `workers` workers; the SQLite file at `path` is the truth."""

    def __init__(self, path, clock, workers=1):
        """Open (or create) the file; a job RUNNING when the last process stopped is READY."""
        self.clock, self.workers = clock, workers
        self.db = sqlite3.connect(path)
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = FULL")  # L5: a commit is on the disk
        self.db.executescript("""
            CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, priority INTEGER NOT NULL,
                duration INTEGER NOT NULL, seq INTEGER NOT NULL, state TEXT NOT NULL,
                waiting INTEGER NOT NULL, finish INTEGER);
            CREATE TABLE IF NOT EXISTS deps (job TEXT NOT NULL, needs TEXT NOT NULL);
            CREATE INDEX IF NOT EXISTS deps_by_needs ON deps (needs);""")
        with self.db:  # L4: a RUNNING job's worker died with the process: it runs again
            self.db.execute("UPDATE jobs SET state = 'READY' WHERE state = 'RUNNING'")

    def _state(self, id):
        """The state stored for `id`, or None."""
        row = self.db.execute("SELECT state FROM jobs WHERE id = ?", (id,)).fetchone()
        return row[0] if row else None

    def submit(self, jobs):
        """Store [(id, priority, duration, deps), ...] whole, or raise ValueError / CycleError."""
        batch = {}  # L2: every check before the first write
        for id, priority, duration, deps in jobs:
            if id in batch or self._state(id) is not None:
                raise ValueError(f"id {id!r} is already used")
            if duration < 1:
                raise ValueError(f"duration of {id!r} must be >= 1, got {duration!r}")
            batch[id] = (priority, duration, tuple(deps))
        for id, (_, _, deps) in batch.items():
            for dep in deps:
                if dep not in batch and self._state(dep) is None:
                    raise ValueError(f"job {id!r} depends on unknown {dep!r}")
        TopologicalSorter({id: deps for id, (_, _, deps) in batch.items()}).prepare()
        with self.db:  # one transaction: the whole batch or nothing
            for id, (priority, duration, deps) in batch.items():
                states = [self._state(dep) for dep in deps]  # None: later in the batch
                waiting = sum(state != "DONE" for state in states)
                state = "CANCELLED" if "CANCELLED" in states else \
                    "PENDING" if waiting else "READY"
                self.db.execute("INSERT INTO jobs VALUES (?, ?, ?, (SELECT COUNT(*) FROM jobs),"
                                " ?, ?, NULL)", (id, priority, duration, state, waiting))
                self.db.executemany("INSERT INTO deps VALUES (?, ?)", [(id, d) for d in deps])
            self._cascade([id for id in batch if self._state(id) == "CANCELLED"])  # and on

    def tick(self):
        """Retire the jobs ending now, release what needed them, start READY jobs; their ids."""
        now = self.clock.now()
        with self.db:
            ended = self.db.execute("SELECT id FROM jobs WHERE state = 'RUNNING' AND finish <= ?",
                                    (now,)).fetchall()
            for (id,) in ended:  # retire, and release the dependents whose last need it was
                self.db.execute("UPDATE jobs SET state = 'DONE' WHERE id = ?", (id,))
                self.db.execute("UPDATE jobs SET waiting = waiting - 1, state = CASE WHEN "
                                "waiting = 1 AND state = 'PENDING' THEN 'READY' ELSE state END "
                                "WHERE id IN (SELECT job FROM deps WHERE needs = ?)", (id,))
            busy = self.db.execute("SELECT COUNT(*) FROM jobs WHERE state = 'RUNNING'")
            free = self.workers - busy.fetchone()[0]
            started = [id for (id,) in self.db.execute(
                "SELECT id FROM jobs WHERE state = 'READY' ORDER BY priority, seq LIMIT ?",
                (free,))]
            for id in started:
                self.db.execute("UPDATE jobs SET state = 'RUNNING', finish = ? + duration "
                                "WHERE id = ?", (now, id))
        return started

    def cancel(self, id):
        """Cancel a job not started yet and, transitively, the jobs that need it: True."""
        if self.status(id) not in ("PENDING", "READY"):
            return False
        with self.db:
            self._cascade([id])
        return True

    def _cascade(self, todo):
        """Cancel the jobs in `todo`, their dependents, and theirs: O(the jobs it cancels)."""
        while todo:  # L3: a walk from the job to the jobs that need it, by the index on needs
            job = todo.pop()
            self.db.execute("UPDATE jobs SET state = 'CANCELLED' WHERE id = ?", (job,))
            todo += [dep for (dep,) in self.db.execute(
                "SELECT job FROM deps JOIN jobs ON jobs.id = deps.job "
                "WHERE needs = ? AND state != 'CANCELLED'", (job,))]

    def status(self, id):
        """PENDING READY RUNNING DONE or CANCELLED; KeyError for an unknown id."""
        state = self._state(id)
        if state is None:
            raise KeyError(id)
        return state

    def close(self):
        """Close the connection: the object is not used after this."""
        self.db.close()


# -- programs: how a step reads, and how it is replayed ----------------------------------------
JOB = re.compile(r"\[(\S+) p(-?\d+) d(-?\d+)(?: after ([^\]]+))?\]")


def batch_of(op: str) -> list[tuple]:
    """"submit [a p2 d3 after b c] [b p1 d2]" -> [("a", 2, 3, ("b", "c")), ("b", 1, 2, ())]."""
    return [(id, int(p), int(d), tuple(after.split()) if after else ())
            for id, p, d, after in JOB.findall(op)]


def _job_text(id, priority, duration, deps) -> str:
    return f"[{id} p{priority} d{duration}" + (f" after {' '.join(deps)}]" if deps else "]")


def _files(path: str) -> list[str]:
    return [path + tail for tail in ("", "-wal", "-shm", "-journal")
            if os.path.exists(path + tail)]


def _moved(old: str, new: str, copy: bool) -> str:
    """The files of the database at `old`, renamed (a restart: a new name, so nothing kept in
    memory under the old one can help) or copied as they are now (a crash) to `new`. A crash
    copy leaves out the `-shm` index, which SQLite rebuilds from the WAL (it is shared memory,
    not data)."""
    for name in _files(old):
        if copy and name.endswith("-shm"):
            continue
        (shutil.copyfile if copy else os.replace)(name, new + name[len(old):])
    return new


def _held(value) -> list:
    """What a value holds one level down: an object's attributes, a container's items."""
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return list(value)
    inner = getattr(value, "__dict__", None) if not isinstance(value, type) else None
    return list(inner.values()) if isinstance(inner, dict) else []


def connections(obj) -> list[sqlite3.Connection]:
    """The sqlite3 connections an object holds: in its attributes, or one level deeper (in a
    list or dict of them, or in an object it holds)."""
    found = []
    for value in _held(obj):
        for v in (value, *_held(value)):
            if isinstance(v, sqlite3.Connection) and not any(v is c for c in found):
                found.append(v)
    return found


SYNC = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}


def durability(obj) -> str:
    """"journal wal, synchronous FULL" when every connection of `obj` is in WAL mode and commits
    to the disk (FULL or EXTRA), else what the first one that does not says."""
    found = connections(obj)
    if not found:
        return "no sqlite3 connection among its attributes"
    for conn in found:
        try:
            journal = conn.execute("PRAGMA journal_mode").fetchone()[0]
            sync = conn.execute("PRAGMA synchronous").fetchone()[0]
        except sqlite3.Error as e:
            return f"a connection that cannot be asked ({e})"
        if journal != "wal" or sync not in (2, 3):
            return f"journal {journal}, synchronous {SYNC.get(sync, sync)}"
    return "journal wal, synchronous FULL"


def closed(obj) -> str:
    """"every connection closed" after close(), or how many are still open."""
    still = 0
    for conn in connections(obj):
        try:
            conn.execute("SELECT 1")
            still += 1
        except sqlite3.ProgrammingError:  # "Cannot operate on a closed database."
            pass
    return "every connection closed" if not still else \
        f"{still} connection{'s' * (still > 1)} still open"


def _status(sched, id) -> str:
    try:
        return str(sched.status(id))
    except KeyError:
        return "unknown"


def _ids(value) -> str:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        return f"{value!r} (expected a list of ids)"
    return "[" + ", ".join(value) + "]"


def _step(sched, clock, op: str) -> str:
    """Do one step (not a restart); what it returned, in words."""
    kind, _, rest = op.partition(" ")
    if kind == "tick":
        now = clock.now()
        started = sched.tick()
        clock.advance(1)
        return f"tick at t={now} → {_ids(started)}"
    try:
        got = sched.submit(batch_of(op)) if kind == "submit" else sched.cancel(rest)
    except Exception as exc:  # a refusal is an observation: its error's type
        return f"{op} → {type(exc).__name__}"
    return f"{op} → stored" if kind == "submit" else f"{op} → {got!r}"


def replay(cls, case, durable: bool = False) -> list[str]:
    """Open `cls(path, FakeClock(0), workers)` on a scratch file and run the program: per step
    what it returned, then "  a READY, b unknown, ..." for every id named so far. A restart or a
    crash opens a new object on the file (moved, or copied while the old one is open). With
    `durable`, every opening also says what its connections' `synchronous` is."""
    workers, ops = case
    folder = tempfile.mkdtemp(prefix="kit-design-", dir=SCRATCH)
    clock, named, seen, opened = FakeClock(0), [], [], []

    def open_on(path):
        opened.append(cls(path, clock) if workers is None else cls(path, clock, workers=workers))
        if durable:
            seen.append(f"opened: {durability(opened[-1])}")
        return opened[-1]

    try:
        path = os.path.join(folder, "jobs0.db")
        sched = open_on(path)
        for op in ops:
            if op in ("restart", "crash"):
                if op == "restart":
                    sched.close()
                    seen.append(f"closed: {closed(sched)}")
                path = _moved(path, os.path.join(folder, f"jobs{len(opened)}.db"),
                              copy=op == "crash")
                sched = open_on(path)
                seen.append(op)
            else:
                named += [job[0] for job in batch_of(op) if job[0] not in named]
                seen.append(_step(sched, clock, op))
            seen.append("  " + ", ".join(f"{id} {_status(sched, id)}" for id in named))
        return seen
    finally:
        for obj in opened:
            try:
                obj.close()
            except Exception:  # noqa: BLE001, S110 - closed already, or never opened right
                pass
        shutil.rmtree(folder, ignore_errors=True)


def judge(case, expected, got) -> str | None:
    """None when every observation agrees; else the first that differs, in words."""
    if got == expected:
        return None
    if not isinstance(got, list):
        return f"the replay gave {got!r}"
    for i, (want, have) in enumerate(zip(expected, got, strict=False)):
        if want == have:
            continue
        if want.startswith("opened:"):
            return (f"a new object says {have.partition(': ')[2]}, expected "
                    f"{want.partition(': ')[2]}: PRAGMA journal_mode = WAL and PRAGMA synchronous "
                    "= FULL on every connection, so a commit is on the disk when it returns")
        if want.startswith("closed:"):
            return (f"after close(), {have.partition(': ')[2]}: close() closes every sqlite3 "
                    "connection of the object")
        if want.startswith("  "):
            step = got[i - 1]
            for w, h in zip(want.split(", "), have.split(", "), strict=False):
                if w != h:
                    return f"after `{step.partition(' → ')[0]}`: expected {w.strip()}, " \
                           f"got {h.strip()}"
        step, _, result = want.partition(" → ")
        return f"at `{step}`: expected {result}, got {have.partition(' → ')[2] or have}"
    return "the replay differs from the expected one"


# -- generated programs: each level adds one kind of step --------------------------------------
FAULTS = ("used id", "twice in the batch", "zero duration", "unknown dependency", "self-loop",
          "cycle")


@st.composite
def programs(draw, level: int):
    """(workers, ops) for a level. Ids are drawn in a shuffled order, so names, submission
    order and priorities never agree by luck; a batch lists its jobs in any order (a job may
    come before the ones it needs); several jobs end, and are released, at the same tick."""
    workers = draw(st.sampled_from([1, 1, 2, 3, None]))  # None: the default, one worker
    pool = list(draw(st.permutations("abcdefghij")))
    ops, known = [], []
    kinds = ["submit", "tick", "tick"] + ["fault"] * (level >= 2) + ["cancel"] * (level >= 3) \
        + ["restart"] * (level >= 4) + ["crash"] * (level >= 5)
    for kind in draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=12)):
        if kind == "tick":
            ops.append("tick")
        elif kind in ("restart", "crash"):
            ops.append(kind)
        elif kind == "cancel":
            ops.append(f"cancel {draw(st.sampled_from(known or pool[:1]))}")
        elif pool:
            size = draw(st.integers(1, min(3, len(pool))))
            new, pool = pool[:size], pool[size:]
            jobs = []
            for i, id in enumerate(new):
                choices = known + new[:i] + new[i + 1:]
                deps = draw(st.lists(st.sampled_from(choices), max_size=2, unique=True)) \
                    if choices else []
                if kind == "submit":  # no cycle: a job needs only older ones or earlier ones
                    deps = [d for d in deps if d in known or d in new[:i]]
                # now and then a negative or a two-digit priority: numbers, not text, order them
                priority = draw(st.one_of(st.integers(1, 3), st.sampled_from([-2, -1, 9, 10])))
                jobs.append([id, priority, draw(st.integers(1, 3)), deps])
            if kind == "fault":
                jobs = _fault(draw, draw(st.sampled_from(FAULTS)), jobs, known)
            known += new
            order = draw(st.permutations(range(len(jobs))))
            ops.append("submit " + " ".join(_job_text(*jobs[i]) for i in order))
    ops += ["tick"] * draw(st.integers(0, 6))
    return workers, tuple(ops)


def _fault(draw, fault, jobs, known):
    """One fault put into a batch (a cycle batch has no other fault)."""
    if fault == "used id" and known:
        jobs[0][0] = draw(st.sampled_from(known))
    elif fault == "twice in the batch" and len(jobs) > 1:
        jobs[-1][0] = jobs[0][0]
    elif fault == "zero duration":
        jobs[-1][2] = 0
    elif fault == "unknown dependency":
        jobs[-1][3] = [*jobs[-1][3], "zz"]
    elif fault == "self-loop":
        jobs[-1][3] = [*dict.fromkeys([*jobs[-1][3], jobs[-1][0]])]
    elif fault == "cycle" and len(jobs) > 1:  # a cycle through the whole batch
        for i, job in enumerate(jobs):
            job[3] = [*dict.fromkeys([*job[3], jobs[i - 1][0]])]
    else:  # a used id or a pair with no room for it: a job that needs itself
        jobs[0][3] = [*dict.fromkeys([*jobs[0][3], jobs[0][0]])]
    return jobs


# -- L3's cost promise: a cancel walks the job's dependents, not every job ----------------------
SMALL, LARGE = 4, 300
COST_CASE = (1, ("submit [c0 p1 d1] [c1 p1 d1 after c0]", "cancel c0"))


def _sql_steps(call, conns) -> int:
    """SQLite's own work during `call()` on `conns`: the virtual machine's steps, counted by a
    progress handler called on every step (a scan without an index makes one per row)."""
    count = 0

    def step():
        nonlocal count
        count += 1
        return 0

    for conn in conns:
        conn.set_progress_handler(step, 1)
    try:
        call()
    finally:
        for conn in conns:
            conn.set_progress_handler(None, 1)
    return count


def _cancel_lines(cls, waiting: int) -> int:
    """The work of cancelling a job with one dependent, among `waiting` other waiting jobs (a
    chain of them, so they wait on each other): lines of `cls` run, plus SQLite's steps."""
    folder = tempfile.mkdtemp(prefix="kit-design-", dir=SCRATCH)
    try:
        sched = cls(os.path.join(folder, "cost.db"), FakeClock(0), workers=1)
        try:
            sched.submit([("c0", 1, 1, ()), ("c1", 1, 1, ("c0",)), ("w0", 2, 1, ())]
                         + [(f"w{i}", 2, 1, (f"w{i - 1}",)) for i in range(1, waiting)])
            steps = 0

            def call():
                nonlocal steps
                steps = _sql_steps(lambda: sched.cancel("c0"), connections(sched))
            return watch.lines_run(call, cls) + steps
        finally:
            sched.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def cost(cls, case, durable: bool = False) -> list:
    """The replay; on COST_CASE, then whether a cancel's cost grows with the jobs it leaves
    (levels 3 to 5: a later level keeps the promise too)."""
    seen = replay(cls, case, durable)
    if case == COST_CASE and _cancel_lines(cls, LARGE) > 2 * _cancel_lines(cls, SMALL) + 20:
        return [*seen, ("too slow",)]
    return seen


def judge_cost(case, expected, got) -> str | None:
    if isinstance(got, list) and got and isinstance(got[-1], tuple):
        return judge(case, expected, got[:-1]) or too_slow(
            "gives the right answers, but a cancel does work for every job in the file (lines "
            "of Python and SQLite's steps counted: a SQL scan counts too); walk from the "
            "cancelled job to the jobs that need it, with an index on the column read "
            "(deps.needs), and on")
    return judge(case, expected, got)


# -- what a level cannot see -----------------------------------------------------------------
def _not_reached(level: int):
    """Mutants of the answer a level cannot tell from it, because its programs do not have the
    steps that would: no fault before level 2, no cancel before 3, no restart before 4, no crash
    and no durability question before 5 (each killed by the level that first has them, see
    `python -m kit zoo design_round`)."""

    def reason(m: mutate.Mutant) -> str | None:
        where, line = m.scope.rpartition(".")[2], _lines()[m.lineno - 1]
        if m.op == "constant" and (m.before, m.after) == ("0", "-1") and "[0]" in line:
            return "a row of one column: its item 0 is its item -1"
        if m.op == "swap" and "in (" in line:
            return "whether a value is in a tuple does not depend on the tuple's order"
        if "PRAGMA synchronous" in line and m.op == "delete":
            return ("SQLite's default synchronous setting is FULL: the line says it out loud (a "
                    "NORMAL is caught, by the connection's answer)")
        if level < 5 and "PRAGMA" in line:
            return "only level 5 asks a connection for its journal mode and synchronous setting"
        if level < 4 and where in ("__init__", "close") and ("RUNNING" in line or
                                                             "with self.db" in line
                                                             or "close()" in line):
            return "before level 4 no object is closed, nor opened on a file with a RUNNING job"
        if level < 3 and where == "cancel":
            return f"level {level} has no cancel: this is level 3's code"
        if level < 3 and (where == "_cascade" or "self._cascade(" in line) \
                and m.op in ("delete", "arithmetic"):  # a walk that never starts or stops early
            return f"level {level} has no cancel: the cascade is level 3's code"
        change = f"{m.op}: `{m.before}` -> `{m.after}`"
        if level < 2 and m.lineno in _refusals() and (m.op == "delete" or change in NARROWER):
            return "level 1 submits only valid batches and asks only about stored jobs"
        return None

    return reason


# The step of the cascade's walk: the jobs that need `job`, read by the index on deps.needs.
WALK = ("            todo += [dep for (dep,) in self.db.execute(\n"
        "                \"SELECT job FROM deps JOIN jobs ON jobs.id = deps.job \"\n"
        "                \"WHERE needs = ? AND state != 'CANCELLED'\", (job,))]\n")

# A cancel that scans every dependency row for each job it cancels: right, but too slow (L3's cost).
SCAN_EDIT = [(WALK,
              "            for dep, needs in self.db.execute('SELECT job, needs FROM deps')"
              ".fetchall():\n"
              "                if needs == job and self._state(dep) != 'CANCELLED':\n"
              "                    todo.append(dep)\n")]


# The seq a job is stored with: counted in the file, or (a pitfall) by a counter in memory.
STORED_SEQ = ('"INSERT INTO jobs VALUES (?, ?, ?, (SELECT COUNT(*) FROM jobs)," " ?, ?, NULL)", '
              '(id, priority, duration, state, waiting)')
MEMORY_SEQ = ('"INSERT INTO jobs VALUES (?, ?, ?, ?, ?, ?, NULL)", (id, priority, duration, '
              'next(self.__dict__.setdefault("count", itertools.count())), state, waiting)')


# -- the five levels -------------------------------------------------------------------------
WORKED = ("submit [A p2 d3] [B p1 d2] [C p1 d4 after A] [D p3 d2 after A] [E p1 d1 after B C]",
          *["tick"] * 13)
EXAMPLES = [
    ("priorities 10, 9, -1, -2: ordered as numbers (as text '-1' < '-2' and '10' < '9')",
     (1, ("submit [a p10 d1] [b p9 d1] [c p-1 d1] [d p-2 d1]", *["tick"] * 4))),
    ("an empty batch: nothing stored, no error", (1, ("submit", "submit [a p1 d1]", "tick"))),
    ("the seed's worked example on one worker: B A C E D, makespan 12", (1, WORKED)),
    ("the seed's worked example on two workers: makespan 8", (2, WORKED)),
    ("one worker when none is given", (None, ("submit [b p2 d1] [a p1 d1]", "tick", "tick"))),
    ("a second batch queues behind the first at equal priorities",
     (1, ("submit [c p1 d1] [a p1 d1] [b p1 d1]", "submit [d p1 d1]", *["tick"] * 4))),
    ("equal priorities, names against submission order, three workers",
     (3, ("submit [c p1 d1] [a p1 d1] [b p1 d1]", "tick"))),
    ("a job listed before the job it needs, in one batch",
     (1, ("submit [b p1 d1 after a] [a p2 d1]", "tick", "tick", "tick"))),
    ("a job listed before the job it needs, tied on priority with a job listed between them: "
     "list order, not topological order", (1, ("submit [x p2 d1 after y] [z p2 d1] [y p1 d1]",
                                                "tick", "tick", "tick"))),
    ("a job that needs a job already DONE", (1, ("submit [a p1 d1]", "tick", "tick",
                                                "submit [b p1 d1 after a]", "tick"))),
    ("two jobs end at the same tick and release one job that needs both",
     (2, ("submit [a p2 d2] [b p2 d2] [c p1 d1 after a b] [x p3 d1]", "tick", "tick",
          "tick", "tick"))),
]
BOUNDARIES = [  # valid batches a refusing check might refuse
    ("a duration of 1 is accepted", (1, ("submit [a p1 d1]", "tick", "tick"))),
    ("a dependency listed later in the batch is accepted",
     (1, ("submit [b p1 d1 after a] [a p1 d1]", "tick", "tick"))),
]
REFUSALS = [
    ("an id already used", (1, ("submit [a p1 d1]", "submit [b p1 d1] [a p2 d1]", "tick"))),
    ("an id twice in one batch", (1, ("submit [a p1 d1] [a p2 d1]", "tick"))),
    ("a duration of 0", (1, ("submit [a p1 d1] [b p1 d0]", "tick"))),
    ("a dependency on an unknown id", (1, ("submit [a p1 d1] [b p1 d1 after zz]", "tick"))),
    ("a job that needs itself", (1, ("submit [a p1 d1] [b p1 d1 after b]", "tick"))),
    ("a cycle of two", (1, ("submit [a p1 d1 after b] [b p1 d1 after a] [c p1 d1]", "tick"))),
    ("a cycle of three behind a valid job",
     (1, ("submit [x p1 d1]", "submit [a p1 d1 after x c] [b p1 d1 after a] [c p1 d1 after b]",
          "tick"))),
    ("a cycle and an unknown id: ValueError first",
     (1, ("submit [a p1 d1 after b] [b p1 d1 after a zz]", "tick"))),
]
CANCELS = [
    ("a chain of three: cancel the first", (1, ("submit [a p2 d1] [b p1 d1 after a] "
                                               "[c p1 d1 after b] [x p3 d1]", "cancel a",
                                               "tick", "tick"))),
    ("a diamond, and a job that needs another branch", (2, (
        "submit [a p1 d2] [b p1 d1 after a] [c p1 d1 after a] [d p1 d1 after b c] "
        "[e p1 d1] [f p1 d1 after e]", "cancel b", *["tick"] * 5))),
    ("cancel a RUNNING job, a DONE job, a CANCELLED job", (1, (
        "submit [a p1 d2] [b p2 d1]", "tick", "cancel a", "cancel b", "cancel b", "tick",
        "tick", "cancel a"))),
    ("a job submitted after the job it needs was cancelled",
     (1, ("submit [a p2 d1]", "cancel a", "submit [b p1 d1 after a]", "tick"))),
    ("a later batch with a chain into a CANCELLED job, listed both ways: all CANCELLED",
     (1, ("submit [x p1 d1] [y p1 d1 after x]", "cancel x", "submit [b p1 d1 after x] "
          "[c p1 d1 after b]", "submit [e p1 d1 after d] [d p1 d1 after x]", "tick"))),
    ("cancel an unknown id", (1, ("cancel q", "submit [a p1 d1]", "tick"))),
    ("a cancel among many waiting jobs", COST_CASE),
]
RESTARTS = [
    ("a restart while a job runs: it runs again, from the start", (1, (
        "submit [a p2 d3] [b p1 d1 after a]", "tick", "tick", "restart", "tick", "tick", "tick",
        "tick", "tick"))),
    ("a job recovered from RUNNING keeps its submission number against an equal-priority job",
     (1, ("submit [a p1 d2] [b p1 d1]", "tick", "restart", "tick", "tick", "tick", "tick"))),
    ("after a restart, new jobs queue behind the old ones of equal priority", (1, (
        "submit [b p1 d1] [c p1 d1] [a p1 d1]", "restart", "submit [d p1 d1]", "tick", "tick",
        "tick", "tick"))),
    ("a restart keeps the dependencies and the cancels", (1, (
        "submit [a p1 d1] [b p1 d1 after a] [c p1 d1 after a] [d p2 d1]", "cancel c",
        "restart", "tick", "tick", "submit [e p1 d1 after c]", "tick"))),
]
CRASHES = [
    ("a crash right after a submit", (1, ("submit [a p1 d1] [b p2 d1 after a]", "crash",
                                          "tick", "tick", "tick"))),
    ("a crash, then a submit: the submission counter comes back from the file",
     (1, ("submit [b p2 d1] [a p2 d1]", "crash", "submit [c p2 d1]", "tick", "tick", "tick"))),
    ("a crash right after a tick and a cancel", (2, (
        "submit [a p1 d2] [b p1 d1 after a] [c p2 d1]", "tick", "crash", "cancel b", "crash",
        "tick", "tick", "tick"))),
]


def _level(n, title, points, pitfalls, hints, examples, **kw) -> Problem:
    return Problem(name=f"DesignScheduler level {n} ({title})", defines="DesignScheduler",
                   answer=DesignScheduler, run=kw.pop("run", replay),
                   judge=kw.pop("judge", judge), arg_names=("workers", "program"),
                   cases=programs(n), points=points, pitfalls=pitfalls, hints=hints,
                   examples=examples, max_examples=kw.pop("max_examples", 80),
                   equivalent=_not_reached(n), timeout=10, **kw)


SUBMIT_CHECKS = ("            if id in batch or self._state(id) is not None:\n"
                 "                raise ValueError(f\"id {id!r} is already used\")\n")

q1 = _level(1, "run with dependencies", 2, [
    Pitfall("ties broken by id, not by submission order", "equal priorities start in the order "
            "they were submitted (within a batch, the order of its list): end the order on seq",
            edit=[('"SELECT id FROM jobs WHERE state = \'READY\' ORDER BY priority, seq LIMIT ?"',
                   '"SELECT id FROM jobs WHERE state = \'READY\' ORDER BY priority, id LIMIT ?"')]),
    Pitfall("higher number first", "priority 1 is the most urgent: lower numbers start first",
            edit=[('"SELECT id FROM jobs WHERE state = \'READY\' ORDER BY priority, seq LIMIT ?"',
                   '"SELECT id FROM jobs WHERE state = \'READY\' ORDER BY -priority, seq '
                   'LIMIT ?"')]),
    Pitfall("one job per tick", "a tick fills every free worker, not one",
            edit=[("free = self.workers - busy.fetchone()[0]",
                   "free = min(1, self.workers - busy.fetchone()[0])")]),
    Pitfall("a worker freed at this tick left idle until the next", "retire first, then count "
            "the free workers: a job ending at t frees its worker for a job starting at t",
            edit=[("free = self.workers - busy.fetchone()[0]",
                   "free = self.workers - busy.fetchone()[0] - len(ended)")]),
    Pitfall("a dependency already DONE counted as waiting", "a job whose dependencies are all "
            "DONE when it is stored is READY at once: count only the ones not DONE",
            edit=[('waiting = sum(state != "DONE" for state in states)',
                   "waiting = len(states)")]),
], ["A table of jobs (id, priority, duration, seq, state, how many needs are not DONE, finish) "
    "and a table of dependencies (job, needs); every write in one transaction (`with self.db:`).",
    "tick: first the RUNNING jobs with finish <= now become DONE and each job that needs them "
    "counts one need less (READY at zero); then start READY jobs ORDER BY priority, seq on the "
    "free workers, with finish = now + duration.",
    "seq is the submission number: the number of jobs already in the file, plus the position in "
    "the batch. A job listed before a job it needs in its batch waits for it like any other."],
    EXAMPLES)

q2 = _level(2, "refusing bad batches", 2, [
    Pitfall("a used id accepted", "an id already in the file, or twice in the batch, is a "
            "ValueError: the batch is refused whole", edit=[(SUBMIT_CHECKS, "")]),
    Pitfall("a duration of 0 accepted", "a duration below 1 is a ValueError",
            edit=[("            if duration < 1:\n                raise ValueError(f\"duration "
                   "of {id!r} must be >= 1, got {duration!r}\")\n", "")]),
    Pitfall("an unknown dependency accepted", "a dependency must be a job in the batch or in the "
            "file: an unknown one is a ValueError (it would wait forever)",
            edit=[("self._state(dep) is None:", "self._state(dep) is None and False:")]),
    Pitfall("cycles not looked for", "a cycle (a job that needs itself, two jobs that need each "
            "other) can never start: graphlib.TopologicalSorter's prepare() raises "
            "CycleError; refuse the batch with it",
            edit=[("TopologicalSorter({id: deps for id, (_, _, deps) in batch.items()})"
                   ".prepare()", "pass")]),
    Pitfall("a cycle refused with a plain ValueError", "the statement's error for a cycle is "
            "graphlib.CycleError (a ValueError subclass, so callers may catch either)",
            edit=[("TopologicalSorter({id: deps for id, (_, _, deps) in batch.items()})"
                   ".prepare()", "try:\n            TopologicalSorter({id: deps for id, (_, _, "
                   "deps) in batch.items()}).prepare()\n        except CycleError:\n"
                   "            raise ValueError('a cycle') from None")]),
    Pitfall("a cycle looked for before the other faults", "a batch with a cycle and another "
            "fault is refused with ValueError: look for cycles in a batch that is otherwise valid",
            edit=[("        for id, (_, _, deps) in batch.items():\n            for dep in deps:",
                   "        TopologicalSorter({id: deps for id, (_, _, deps) in batch.items()})"
                   ".prepare()\n        for id, (_, _, deps) in batch.items():\n"
                   "            for dep in deps:")]),
], ["Check everything before the first write: ids (in the file and in the batch), durations, "
    "that every dependency is in the batch or in the file; then the cycle.",
    "graphlib.TopologicalSorter({id: deps}).prepare() raises graphlib.CycleError on a cycle, "
    "a self-loop included (the jobs already in the file cannot need new ones, so a cycle lies "
    "inside the batch).",
    "One `with self.db:` around all the INSERTs: an error inside rolls the batch back."],
    [*BOUNDARIES, *REFUSALS, *EXAMPLES])

q3 = _level(3, "cancel that cascades", 2, [
    Pitfall("cancel not passed on to dependents", "every job that needs a cancelled job, "
            "directly or through others, can never start: it is CANCELLED too",
            edit=[(WALK,
                   "")]),
    Pitfall("only direct dependents cancelled", "the cascade goes on: the dependents of a "
            "dependent are cancelled too (a walk over the graph, not one step)",
            edit=[("        while todo:  # L3", "        for job in [*todo, *(d for j in todo for "
                   "(d,) in self.db.execute('SELECT job FROM deps WHERE needs = ?', (j,))"
                   ".fetchall())]:  # L3"), ("            job = todo.pop()\n", "")]),
    Pitfall("cancel of a job that has started", "only a job that has not started (PENDING or "
            "READY) can be cancelled; RUNNING, DONE or CANCELLED: False, nothing changes",
            edit=[('if self.status(id) not in ("PENDING", "READY"):',
                   'if self.status(id) in ("DONE", "CANCELLED"):')]),
    Pitfall("a job needing a cancelled job waits forever", "a job stored after one of its "
            "dependencies was cancelled can never start: it is CANCELLED as it is stored",
            edit=[('state = "CANCELLED" if "CANCELLED" in states else \\',
                   'state = "CANCELLED" if False else \\')]),
], ["cancel: if status is PENDING or READY, walk from the job to the jobs that need it (the deps "
    "table, read by `needs`), and on, setting CANCELLED; return True. Otherwise return False.",
    "Skip jobs already CANCELLED so a diamond is walked once; an unknown id is a KeyError.",
    "In submit, a job with a CANCELLED dependency is stored CANCELLED."],
    [*CANCELS, *REFUSALS, *EXAMPLES],
    run=cost, judge=judge_cost)

q4 = _level(4, "restart", 2, [
    Pitfall("RUNNING jobs left RUNNING after a restart", "the worker that ran it died with the "
            "process: on opening, a RUNNING job is unfinished, READY again (it runs again from "
            "the start, so jobs must be safe to repeat)",
            edit=[("            self.db.execute(\"UPDATE jobs SET state = 'READY' WHERE state = "
                   "'RUNNING'\")\n", "            pass\n")]),
    Pitfall("RUNNING jobs counted DONE after a restart", "nobody saw the job finish: a RUNNING "
            "job goes back to READY, never forward to DONE",
            edit=[("\"UPDATE jobs SET state = 'READY' WHERE state = 'RUNNING'\"",
                   "\"UPDATE jobs SET state = 'DONE' WHERE state = 'RUNNING'\"")]),
    Pitfall("the submission counter restarted at 0", "seq must go on after a restart (keep it "
            "in the file: the number of jobs stored), or new jobs jump ahead of old ones of "
            "equal priority", edit=[(STORED_SEQ, MEMORY_SEQ)]),
], ["Everything the class knows must be in the file: seq too (the number of jobs stored).",
    "On opening the file, every RUNNING job becomes READY: its worker died with the process.",
    "Test it yourself: close the object, open a new one on the same file, tick on."],
    [*RESTARTS, *CANCELS, *REFUSALS, *EXAMPLES], run=cost, judge=judge_cost)

q5 = _level(5, "crash at any moment", 2, [
    Pitfall("synchronous NORMAL", "in WAL mode NORMAL keeps the file whole but can lose the "
            "last commits in a power cut: PRAGMA synchronous = FULL on every connection",
            edit=[('"PRAGMA synchronous = FULL"', '"PRAGMA synchronous = NORMAL"')]),
    Pitfall("synchronous OFF", "OFF hands every write to the operating system and never waits "
            "for the disk: a power cut can lose commits, or corrupt the file; PRAGMA synchronous "
            "= FULL on every connection",
            edit=[('"PRAGMA synchronous = FULL"', '"PRAGMA synchronous = OFF"')]),
    Pitfall("a tick's writes left uncommitted", "each method commits before it returns: a "
            "crash leaves only what was committed", edit=[(
                "        now = self.clock.now()\n        with self.db:",
                "        now = self.clock.now()\n        if True:")]),
], ["Every method that changes the file commits before it returns (`with self.db:`).",
    "PRAGMA synchronous = FULL on every connection: in WAL mode NORMAL can lose the last "
    "commits in a power cut.",
    "A crash here is a copy of the files taken while your object is still open."],
    [*CRASHES, *RESTARTS, *CANCELS, *REFUSALS, *EXAMPLES],
    run=functools.partial(cost, durable=True), judge=judge_cost)

PROBLEMS = LEVELS = [q1, q2, q3, q4, q5]
TITLES = ["run with dependencies", "refusing bad batches", "cancel that cascades", "restart",
          "crash at any moment"]


@functools.cache
def _lines() -> list[str]:
    return answers.shown(answers.source_of(DesignScheduler)).splitlines()


@functools.cache
def _refusals() -> set[int]:
    """The lines that refuse: submit's tests (up to the cycle test) and status's KeyError."""
    lines, found = _lines(), set()
    first = next(i for i, x in enumerate(lines, 1) if "batch = {}" in x)
    last = next(i for i, x in enumerate(lines, 1) if ").prepare()" in x)
    keep = ("batch = {}", " in jobs:", "batch[id] =")
    found = {i for i in range(first, last + 1) if not any(k in lines[i - 1] for k in keep)}
    return found | {i for i, x in enumerate(lines, 1) if "if state is None" in x
                    or "raise KeyError" in x}


# changes that make a refusal's test narrower (so it refuses less): level 1 cannot see them
NARROWER = {"logic: `id in batch or self._state(id) is not None` -> `id in batch and "
            "self._state(id) is not None`", "constant: `1` -> `0`"}


def progress(cls) -> report.Progress:
    """Run every level's check on `cls` and show one table (it never raises)."""
    return report.progress(LEVELS, TITLES, cls)

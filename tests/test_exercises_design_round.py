"""The design round (12): five levels checked by replay with restarts and crashes in the middle,
pitfalls named, correct classes written another way pass, wrong ones nobody declared fail."""

import heapq
import json
import os
import sqlite3
from graphlib import TopologicalSorter

import pytest

from kit import dag
from kit.clock import FakeClock
from kit.exercises import design_round as ex
from kit.exercises.design_round import DesignScheduler

PITFALLS = [(q, p) for q in ex.LEVELS for p in q.pitfalls]


# -- a correct class written another way: one table, deps as JSON, BEGIN IMMEDIATE, a rowid
# tie-break, a recursive CTE for the cascade -----------------------------------------------------
class OneTable:
    def __init__(self, path, clock, workers=1):
        self.clock, self.workers = clock, workers
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=wal")
        self.conn.execute("PRAGMA synchronous=EXTRA")
        self.conn.execute("CREATE TABLE IF NOT EXISTS j (n INTEGER PRIMARY KEY, id UNIQUE, p, d, "
                          "deps, s, ends)")
        self.conn.execute("UPDATE j SET s = 'READY', ends = NULL WHERE s = 'RUNNING'")

    def _get(self, id):
        return self.conn.execute("SELECT s FROM j WHERE id = ?", (id,)).fetchone()

    def submit(self, jobs):
        ids = [j[0] for j in jobs]
        if len(set(ids)) < len(ids) or any(self._get(i) for i in ids):
            raise ValueError("id used")
        if any(d < 1 for _, _, d, _ in jobs):
            raise ValueError("duration")
        if any(x not in ids and not self._get(x) for *_, deps in jobs for x in deps):
            raise ValueError("unknown dependency")
        TopologicalSorter({i: deps for i, _, _, deps in jobs}).prepare()
        self.conn.execute("BEGIN IMMEDIATE")
        for id, p, d, deps in jobs:
            self.conn.execute("INSERT INTO j (id, p, d, deps, s) VALUES (?, ?, ?, ?, 'PENDING')",
                              (id, p, d, json.dumps(list(deps))))
        while self.conn.execute(  # until no more: a chain inside the batch, in any list order
                "UPDATE j SET s = 'CANCELLED' WHERE s = 'PENDING' AND EXISTS (SELECT 1 FROM "
                "json_each(j.deps) e JOIN j k ON k.id = e.value WHERE k.s = 'CANCELLED')"
                ).rowcount:
            pass
        self._release()
        self.conn.execute("COMMIT")

    def _release(self):
        self.conn.execute("UPDATE j SET s = 'READY' WHERE s = 'PENDING' AND NOT EXISTS (SELECT 1 "
                          "FROM json_each(j.deps) e JOIN j k ON k.id = e.value WHERE k.s != "
                          "'DONE')")

    def tick(self):
        now = self.clock.now()
        self.conn.execute("BEGIN IMMEDIATE")
        self.conn.execute("UPDATE j SET s = 'DONE' WHERE s = 'RUNNING' AND ends <= ?", (now,))
        self._release()
        n = self.workers - self.conn.execute("SELECT COUNT(*) FROM j WHERE s = 'RUNNING'") \
            .fetchone()[0]
        go = [r[0] for r in self.conn.execute(
            "SELECT id FROM j WHERE s = 'READY' ORDER BY p, n LIMIT ?", (max(n, 0),))]
        self.conn.executemany("UPDATE j SET s = 'RUNNING', ends = ? + d WHERE id = ?",
                              [(now, i) for i in go])
        self.conn.execute("COMMIT")
        return go

    def cancel(self, id):
        if self.status(id) not in ("PENDING", "READY"):
            return False
        self.conn.execute("BEGIN IMMEDIATE")
        self.conn.execute("""WITH RECURSIVE down(id) AS (SELECT ? UNION SELECT j.id FROM j, down,
                             json_each(j.deps) e WHERE e.value = down.id)
                             UPDATE j SET s = 'CANCELLED' WHERE id IN down""", (id,))
        self.conn.execute("COMMIT")
        return True

    def status(self, id):
        row = self._get(id)
        if row is None:
            raise KeyError(id)
        return row[0]

    def close(self):
        self.conn.close()


class HeapCache:
    """Another correct design: the file written through on every change, the state cached in
    memory (dicts and a heapq ready queue), rebuilt from the file when it is opened."""

    def __init__(self, path, clock, workers=1):
        self.clock, self.workers = clock, workers
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = FULL")
        self.db.execute("CREATE TABLE IF NOT EXISTS job (id PRIMARY KEY, spec, seq, state, "
                        "ends)")
        self.jobs = {}
        for id, spec, seq, state, ends in self.db.execute("SELECT * FROM job ORDER BY seq"):
            p, d, deps = json.loads(spec)
            self.jobs[id] = {"p": p, "d": d, "deps": deps, "seq": seq,
                             "state": "READY" if state == "RUNNING" else state, "ends": ends}
        self.children = {}
        for id, job in self.jobs.items():
            for dep in job["deps"]:
                self.children.setdefault(dep, []).append(id)
        self.ready = [(j["p"], j["seq"], id) for id, j in self.jobs.items()
                      if j["state"] == "READY"]
        heapq.heapify(self.ready)
        self._save(list(self.jobs))

    def _save(self, ids):
        self.db.execute("BEGIN IMMEDIATE")
        for id in ids:
            j = self.jobs[id]
            self.db.execute("INSERT OR REPLACE INTO job VALUES (?, ?, ?, ?, ?)",
                            (id, json.dumps([j["p"], j["d"], j["deps"]]), j["seq"],
                             j["state"], j["ends"]))
        self.db.execute("COMMIT")

    def _set(self, id, state):
        self.jobs[id]["state"] = state
        if state == "READY":
            heapq.heappush(self.ready, (self.jobs[id]["p"], self.jobs[id]["seq"], id))

    def submit(self, jobs):
        new = {}
        for id, _p, d, deps in jobs:
            if id in new or id in self.jobs or d < 1:
                raise ValueError(id)
            new[id] = list(deps)
        if any(x not in new and x not in self.jobs for deps in new.values() for x in deps):
            raise ValueError("unknown")
        TopologicalSorter(new).prepare()
        for id, p, d, deps in jobs:
            self.jobs[id] = {"p": p, "d": d, "deps": list(deps), "seq": len(self.jobs),
                             "state": "PENDING", "ends": None}
            for dep in deps:
                self.children.setdefault(dep, []).append(id)
        for id in TopologicalSorter(new).static_order():  # a dependency's state first
            if id not in new:
                continue
            states = [self.jobs[x]["state"] for x in new[id]]
            if "CANCELLED" in states:
                self._set(id, "CANCELLED")
            elif all(s == "DONE" for s in states):
                self._set(id, "READY")
        self._save(list(new))

    def tick(self):
        now, changed = self.clock.now(), []
        for id, j in self.jobs.items():
            if j["state"] == "RUNNING" and j["ends"] <= now:
                j["state"] = "DONE"
                changed.append(id)
        for id in list(changed):
            for child in self.children.get(id, []):
                c = self.jobs[child]
                if c["state"] == "PENDING" and all(self.jobs[x]["state"] == "DONE"
                                                   for x in c["deps"]):
                    self._set(child, "READY")
                    changed.append(child)
        busy = sum(j["state"] == "RUNNING" for j in self.jobs.values())
        started = []
        while self.ready and busy + len(started) < self.workers:
            _, _, id = heapq.heappop(self.ready)
            if self.jobs[id]["state"] == "READY":  # lazy deletion: cancelled entries skipped
                self.jobs[id].update(state="RUNNING", ends=now + self.jobs[id]["d"])
                started.append(id)
        self._save(changed + started)
        return started

    def cancel(self, id):
        if self.jobs[id]["state"] not in ("PENDING", "READY"):
            return False
        todo, done = [id], []
        while todo:
            x = todo.pop()
            if self.jobs[x]["state"] != "CANCELLED":
                self.jobs[x]["state"] = "CANCELLED"
                done.append(x)
                todo += self.children.get(x, [])
        self._save(done)
        return True

    def status(self, id):
        return self.jobs[id]["state"]

    def close(self):
        self.db.close()


# -- wrong classes nobody declared -----------------------------------------------------------
class InMemory(DesignScheduler):
    """Right while it runs; keeps its truth in a dict and never reads the file back."""

    STORE: dict = {}  # a class-level "cache" keyed by path: a restart moves the file

    def __init__(self, path, clock, workers=1):
        super().__init__(path, clock, workers)
        self.path = path

    def close(self):
        rows = self.db.execute("SELECT * FROM jobs").fetchall()
        InMemory.STORE[self.path] = rows
        self.db.execute("DELETE FROM jobs")
        self.db.commit()
        super().close()


class HalfStored(DesignScheduler):
    """Stores the part of a batch whose dependencies are known, then refuses the rest."""

    def submit(self, jobs):
        names = [j[0] for j in jobs]
        known = [j for j in jobs if all(d in names or self._state(d) is not None for d in j[3])]
        super().submit(known)
        if len(known) < len(jobs):
            raise ValueError("unknown dependency")


class SyncOff(DesignScheduler):
    def __init__(self, path, clock, workers=1):
        super().__init__(path, clock, workers)
        self.db.execute("PRAGMA synchronous = OFF")


# right, but a cancel reads every dependency row for each job it cancels
ScanningCancel = ex.answers.edited(DesignScheduler, ex.SCAN_EDIT, "scanning cancel")


# -- the tests -------------------------------------------------------------------------------
@pytest.mark.parametrize("problem", ex.LEVELS, ids=lambda q: q.name)
def test_each_level_passes_the_answer(problem):  # its mutants: tests/test_zoo_mutation.py
    result = problem.check(DesignScheduler)
    assert result, repr(result)


@pytest.mark.parametrize("problem, pitfall", PITFALLS,
                         ids=[f"{q.name}: {p.name}" for q, p in PITFALLS])
def test_each_pitfall_fails_and_is_named(problem, pitfall):
    result = problem.check(pitfall.answer)
    assert result.status == "failed", repr(result)
    assert result.pitfall is pitfall, (result.pitfall, result.case)


OTHER_WAYS = [(HeapCache, q) for q in ex.LEVELS] + [(OneTable, q) for q in ex.LEVELS[:2]]


@pytest.mark.parametrize("cls, problem", OTHER_WAYS,
                         ids=lambda x: getattr(x, "__name__", None) or x.name)
def test_a_class_written_another_way_passes(problem, cls):
    result = problem.check(cls)
    assert result, repr(result)


def test_a_cascade_scanning_every_row_in_sql_is_too_slow():
    """OneTable's cancel is one UPDATE over json_each of every row: right answers, but SQLite's
    own steps grow with the file (counted since blind round 28-r2), so level 3 says too slow."""
    result = ex.LEVELS[2].check(OneTable)
    assert result.status == "too slow", repr(result)


@pytest.mark.parametrize("cls, level", [(InMemory, 4), (HalfStored, 2), (SyncOff, 5)],
                         ids=["in memory", "half stored", "synchronous off"])
def test_undeclared_wrong_classes_fail_at_their_level_and_not_before(cls, level):
    assert not ex.LEVELS[level - 1].check(cls)
    for q in ex.LEVELS[:level - 1]:
        assert q.check(cls), q.name


def test_a_scanning_cancel_is_too_slow_not_wrong():
    assert ex.q1.check(ScanningCancel) and ex.q2.check(ScanningCancel)
    for q in (ex.q3, ex.q4, ex.q5):  # the later levels keep level 3's promise
        result = q.check(ScanningCancel)
        assert result.status == "too slow", (q.name, repr(result))
        assert "walk from the cancelled job" in repr(result)


def test_not_attempted_everywhere_and_progress_counts_zero():
    class Stub:
        def __init__(self, path, clock, workers=1):
            raise NotImplementedError

    assert all(q.check(Stub).status == "not attempted" for q in ex.LEVELS)
    table = ex.progress(Stub)
    assert table.points == 0 and "**Total: 0 / 10 points**" in repr(table)
    assert ex.progress(DesignScheduler).points == 10 == sum(q.points for q in ex.LEVELS)


@pytest.mark.parametrize("bad", [42, None, "DesignScheduler"])
def test_a_non_class_is_a_crash_not_an_exception(bad):
    result = ex.q1.check(bad)
    assert result.status == "crashed" and repr(bad) in result.error


def test_a_class_that_raises_is_reported_with_its_error():
    class Broken(DesignScheduler):
        def tick(self):
            raise RuntimeError("the disk is on fire")

    result = ex.q1.check(Broken)
    assert result.status == "crashed" and "the disk is on fire" in result.error


def test_the_worked_example_matches_the_seed_and_kit_dag():
    jobs = [(n, p, d, deps) for n, (p, d, deps) in dag.WORKED_EXAMPLE.items()]
    for workers, order, makespan in ((1, "BACED", 12), (2, "BACDE", 8)):
        seen = ex.replay(DesignScheduler, (workers, ("submit " + " ".join(
            ex._job_text(*j) for j in jobs), *["tick"] * 13)))
        started = "".join("".join(x.split("[")[1].rstrip("]").split(", "))
                          for x in seen if x.startswith("tick") and not x.endswith("[]"))
        assert started == order
        done = next(i for i, x in enumerate(seen) if x.startswith("  ") and
                    x.count("DONE") == 5)
        assert seen[done - 1].startswith(f"tick at t={makespan} ")
        assert dag.run(dag.WORKED_EXAMPLE, workers).makespan == makespan


def test_a_restart_moves_the_file_and_a_crash_copies_it(tmp_path, monkeypatch):
    made = []
    monkeypatch.setattr(ex.tempfile, "mkdtemp", lambda **kw: str(tmp_path))

    class Noting(DesignScheduler):
        def __init__(self, path, clock, workers=1):
            made.append((path, sorted(os.listdir(tmp_path))))
            super().__init__(path, clock, workers)

    ex.replay(Noting, (1, ("submit [a p1 d1]", "restart", "crash", "tick")))
    paths = [os.path.basename(p) for p, _ in made]
    assert paths == ["jobs0.db", "jobs1.db", "jobs2.db"]
    assert "jobs0.db" not in made[1][1]  # moved: the old name is gone
    assert "jobs1.db" in made[2][1]  # copied: the crashed object's file is still there


def test_batches_read_and_print_the_same_way():
    op = "submit [a p2 d3 after b c] [b p1 d2] [c p-1 d0 after zz]"
    jobs = ex.batch_of(op)
    assert jobs == [("a", 2, 3, ("b", "c")), ("b", 1, 2, ()), ("c", -1, 0, ("zz",))]
    assert "submit " + " ".join(ex._job_text(*j) for j in jobs) == op


def test_the_judge_points_at_the_first_differing_status():
    case = (1, ("submit [a p1 d1]", "tick"))
    want = ex.replay(DesignScheduler, case)
    got = [*want[:3], "  a READY"]
    assert ex.judge(case, want, got) == "after `tick at t=0`: expected a RUNNING, got a READY"
    assert ex.judge(case, want, "boom") == "the replay gave 'boom'"


def test_durability_names_what_is_weak(tmp_path):
    sched = SyncOff(str(tmp_path / "x.db"), FakeClock(), 1)
    assert ex.durability(sched) == "journal wal, synchronous OFF"
    sched.close()
    assert ex.closed(sched) == "every connection closed"
    assert ex.durability(object()) == "no sqlite3 connection among its attributes"


def test_generated_programs_have_every_step_of_their_level():
    from hypothesis import given, settings

    kinds = set()

    @settings(max_examples=200, derandomize=True, database=None)
    @given(ex.programs(5))
    def collect(case):
        kinds.update(op.split()[0] for op in case[1])
        for op in case[1]:
            if op.startswith("submit"):
                kinds.update(f"d{d}" for _, _, d, _ in ex.batch_of(op))

    collect()
    assert {"submit", "tick", "cancel", "restart", "crash", "d0", "d1", "d3"} <= kinds


# -- wrong answers written from the notebook alone (a first blind round) ----------------------
class ReleaseNextTick(DesignScheduler):
    """Promotes PENDING jobs at the start of a tick, before retiring: children wait a tick."""

    def tick(self):
        now = self.clock.now()
        with self.db:
            self.db.execute("UPDATE jobs SET state = 'READY' WHERE state = 'PENDING' AND "
                            "waiting = 0")
            for (id,) in self.db.execute("SELECT id FROM jobs WHERE state = 'RUNNING' AND "
                                         "finish <= ?", (now,)).fetchall():
                self.db.execute("UPDATE jobs SET state = 'DONE' WHERE id = ?", (id,))
                self.db.execute("UPDATE jobs SET waiting = waiting - 1 WHERE id IN (SELECT job "
                                "FROM deps WHERE needs = ?)", (id,))
            busy = self.db.execute("SELECT COUNT(*) FROM jobs WHERE state = 'RUNNING'")
            started = [r[0] for r in self.db.execute(
                "SELECT id FROM jobs WHERE state = 'READY' ORDER BY priority, seq LIMIT ?",
                (self.workers - busy.fetchone()[0],))]
            for id in started:
                self.db.execute("UPDATE jobs SET state = 'RUNNING', finish = ? + duration "
                                "WHERE id = ?", (now, id))
        return started


class CancelUnknownFalse(DesignScheduler):
    def cancel(self, id):
        return False if self._state(id) is None else super().cancel(id)


class StatusNone(DesignScheduler):
    def status(self, id):
        return self._state(id)


TwoCyclesOnly = ex.answers.edited(DesignScheduler, [(
    "TopologicalSorter({id: deps for id, (_, _, deps) in batch.items()}).prepare()",
    "if any(id in dep_deps for id, (_, _, deps) in batch.items() for d in deps "
    "for dep_deps in [batch.get(d, (0, 0, ()))[2] + ((d,) if d == id else ())]):\n"
    "            raise CycleError('cycle')")], "two-cycles only")


@pytest.mark.parametrize("cls, level, label", [
    (ReleaseNextTick, 1, "the seed's worked example on one worker: B A C E D, makespan 12"),
    (TwoCyclesOnly, 2, "a cycle of three behind a valid job"),
    (CancelUnknownFalse, 3, "cancel an unknown id"),
    (StatusNone, 2, "an id already used")], ids=lambda x: getattr(x, "__name__", str(x)))
def test_blind_wrong_answers_fail_on_the_edge_case_that_shows_them(cls, level, label):
    result = ex.LEVELS[level - 1].check(cls)
    assert result.status == "failed" and result.label == label, repr(result)


class ConnectionInAList(DesignScheduler):
    """Keeps its connection in a list attribute: the check still finds it and asks it."""

    db = property(lambda self: self.pool[0], lambda self, conn: setattr(self, "pool", [conn]))


def test_a_connection_held_in_a_list_is_asked_too():
    assert ex.q5.check(ConnectionInAList)
    weak = type("WeakInAList", (ConnectionInAList, SyncOff), {})
    assert not ex.q5.check(weak)

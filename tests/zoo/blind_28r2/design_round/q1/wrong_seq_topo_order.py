# WRONG: submission number given in topological order instead of list order
import sqlite3
from graphlib import TopologicalSorter

ACTIVE = ("PENDING", "READY")


class DesignScheduler:
    def __init__(self, path, clock, workers=1):
        self.clock = clock
        self.workers = workers
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        with self._tx():
            self.conn.execute(
                "CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, priority INTEGER,"
                " duration INTEGER, state TEXT, seq INTEGER, ends INTEGER)")
            self.conn.execute("CREATE TABLE IF NOT EXISTS deps (job TEXT, needs TEXT)")
            self.conn.execute("CREATE INDEX IF NOT EXISTS deps_needs ON deps(needs)")
            self.conn.execute("CREATE INDEX IF NOT EXISTS deps_job ON deps(job)")
            #RECOVER
            self.conn.execute("UPDATE jobs SET state='READY', ends=NULL WHERE state='RUNNING'")

    def _tx(self):
        sched = self

        class Tx:
            def __enter__(self):
                sched.conn.execute("BEGIN IMMEDIATE")

            def __exit__(self, et, ev, tb):
                sched.conn.execute("COMMIT" if et is None else "ROLLBACK")
                return False
        return Tx()

    def _state(self, id):
        row = self.conn.execute("SELECT state FROM jobs WHERE id=?", (id,)).fetchone()
        return row[0] if row else None

    def submit(self, jobs):
        jobs = list(jobs)
        ids = [j[0] for j in jobs]
        #DUPCHECK
        if len(set(ids)) != len(ids):
            raise ValueError("id twice in the batch")
        for id in ids:
            #USEDCHECK
            if self._state(id) is not None:
                raise ValueError(f"id {id!r} already used")
        batch = set(ids)
        for id, prio, dur, deps in jobs:
            #DURCHECK
            if dur < 1:
                raise ValueError("duration below 1")
            for d in deps:
                #DEPCHECK
                if d not in batch and self._state(d) is None:
                    raise ValueError(f"unknown dependency {d!r}")
        #CYCLECHECK
        order = list(TopologicalSorter(
            {id: [d for d in deps if d in batch] for id, _, _, deps in jobs}).static_order())
        info = {j[0]: j for j in jobs}
        with self._tx():
            row = self.conn.execute("SELECT COALESCE(MAX(seq), -1) FROM jobs").fetchone()
            seq0 = row[0] + 1
            seqs = {id: seq0 + i for i, id in enumerate(order)}
            state = {}
            for id in order:
                _, prio, dur, deps = info[id]
                sts = [state[d] if d in batch else self._state(d) for d in deps]
                if "CANCELLED" in sts:
                    st = "CANCELLED"
                elif all(s == "DONE" for s in sts):
                    st = "READY"
                else:
                    st = "PENDING"
                state[id] = st
                self.conn.execute("INSERT INTO jobs VALUES (?,?,?,?,?,NULL)",
                                  (id, prio, dur, st, seqs[id]))
                for d in deps:
                    self.conn.execute("INSERT INTO deps VALUES (?,?)", (id, d))

    def tick(self):
        now = self.clock.now()
        with self._tx():
            ending = [r[0] for r in self.conn.execute(
                "SELECT id FROM jobs WHERE state='RUNNING' AND ends<=?", (now,))]
            for id in ending:
                self.conn.execute("UPDATE jobs SET state='DONE' WHERE id=?", (id,))
            for id in ending:
                for (dep,) in self.conn.execute(
                        "SELECT job FROM deps WHERE needs=?", (id,)).fetchall():
                    if self._state(dep) != "PENDING":
                        continue
                    left = self.conn.execute(
                        "SELECT COUNT(*) FROM deps JOIN jobs ON jobs.id=deps.needs"
                        " WHERE deps.job=? AND jobs.state!='DONE'", (dep,)).fetchone()[0]
                    if left == 0:
                        self.conn.execute("UPDATE jobs SET state='READY' WHERE id=?", (dep,))
            running = self.conn.execute(
                "SELECT COUNT(*) FROM jobs WHERE state='RUNNING'").fetchone()[0]
            free = self.workers - running
            started = []
            if free > 0:
                started = [r[0] for r in self.conn.execute(
                    "SELECT id FROM jobs WHERE state='READY' ORDER BY priority, seq LIMIT ?",
                    (free,)).fetchall()]
                for id in started:
                    self.conn.execute(
                        "UPDATE jobs SET state='RUNNING', ends=priority*0+?+duration WHERE id=?",
                        (now, id))
        return started

    def cancel(self, id):
        st = self._state(id)
        if st is None:
            raise KeyError(id)
        if st not in ACTIVE:
            return False
        with self._tx():
            todo = [id]
            seen = {id}
            while todo:
                cur = todo.pop()
                self.conn.execute("UPDATE jobs SET state='CANCELLED' WHERE id=?", (cur,))
                for (dep,) in self.conn.execute(
                        "SELECT job FROM deps WHERE needs=?", (cur,)).fetchall():
                    if dep not in seen and self._state(dep) in ACTIVE:
                        seen.add(dep)
                        todo.append(dep)
        return True

    def status(self, id):
        st = self._state(id)
        if st is None:
            raise KeyError(id)
        return st

    def close(self):
        self.conn.close()

# WRONG: recovery UPDATE at open not committed (implicit txn, commit at next write)
import sqlite3
import graphlib
from collections import deque


class DesignScheduler:
    def __init__(self, path, clock, workers=1):
        self.clock = clock
        self.workers = workers
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        c.execute("CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, priority REAL, duration INTEGER, state TEXT, seq INTEGER, start INTEGER)")
        c.execute("CREATE TABLE IF NOT EXISTS deps (job TEXT, needs TEXT)")
        c.execute("CREATE INDEX IF NOT EXISTS deps_needs ON deps(needs)")
        c.execute("CREATE INDEX IF NOT EXISTS deps_job ON deps(job)")
        c.execute("COMMIT")
        c.execute("BEGIN")
        c.execute("UPDATE jobs SET state='READY', start=NULL WHERE state='RUNNING'")
        self._open = True

    def _state(self, id):
        r = self.conn.execute("SELECT state FROM jobs WHERE id=?", (id,)).fetchone()
        return r[0] if r else None

    def submit(self, jobs):
        if getattr(self, '_open', False):
            self.conn.execute('COMMIT'); self._open = False
        jobs = list(jobs)
        ids = [j[0] for j in jobs]
        if len(set(ids)) != len(ids):
            raise ValueError("id twice in the batch")
        batch = set(ids)
        for id, pr, dur, deps in jobs:
            if self._state(id) is not None:
                raise ValueError("id used")
            if dur < 1:
                raise ValueError("duration below 1")
            for d in deps:
                if d not in batch and self._state(d) is None:
                    raise ValueError("unknown dependency")
        ts = graphlib.TopologicalSorter({id: [d for d in deps if d in batch] for id, _, _, deps in jobs})
        order = list(ts.static_order())  # raises CycleError
        info = {j[0]: j for j in jobs}
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            seq = c.execute("SELECT COALESCE(MAX(seq), -1) + 1 FROM jobs").fetchone()[0]
            seqs = {}
            for id in ids:
                seqs[id] = seq
                seq += 1
            state = {}
            for id in order:
                _, pr, dur, deps = info[id]
                st = "READY"
                for d in deps:
                    s = state[d] if d in state else self._state(d)
                    if s == "CANCELLED":
                        st = "CANCELLED"
                        break
                    if s != "DONE":
                        st = "PENDING"
                state[id] = st
                c.execute("INSERT INTO jobs VALUES (?,?,?,?,?,NULL)", (id, pr, dur, st, seqs[id]))
                for d in deps:
                    c.execute("INSERT INTO deps VALUES (?,?)", (id, d))
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise

    def tick(self):
        now = self.clock.now()
        c = self.conn
        if getattr(self, '_open', False):
            c.execute('COMMIT'); self._open = False
        c.execute("BEGIN IMMEDIATE")
        ended = [r[0] for r in c.execute("SELECT id FROM jobs WHERE state='RUNNING' AND start + duration <= ?", (now,))]
        for id in ended:
            c.execute("UPDATE jobs SET state='DONE' WHERE id=?", (id,))
        for id in ended:
            for (k,) in c.execute("SELECT job FROM deps WHERE needs=?", (id,)).fetchall():
                if self._state(k) == "PENDING":
                    left = c.execute("SELECT COUNT(*) FROM deps d JOIN jobs j ON j.id=d.needs WHERE d.job=? AND j.state!='DONE'", (k,)).fetchone()[0]
                    if left == 0:
                        c.execute("UPDATE jobs SET state='READY' WHERE id=?", (k,))
        busy = c.execute("SELECT COUNT(*) FROM jobs WHERE state='RUNNING'").fetchone()[0]
        free = self.workers - busy
        started = [r[0] for r in c.execute("SELECT id FROM jobs WHERE state='READY' ORDER BY priority, seq LIMIT ?", (max(free, 0),))]
        for id in started:
            c.execute("UPDATE jobs SET state='RUNNING', start=? WHERE id=?", (now, id))
        c.execute("COMMIT")
        return started

    def cancel(self, id):
        if getattr(self, '_open', False):
            self.conn.execute('COMMIT'); self._open = False
        s = self._state(id)
        if s is None:
            raise KeyError(id)
        if s not in ("PENDING", "READY"):
            return False
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        self._cascade([id])
        c.execute("COMMIT")
        return True

    def _cascade(self, todo):
        c = self.conn
        q = deque(todo)
        while q:
            x = q.popleft()
            if self._state(x) == "CANCELLED":
                continue
            c.execute("UPDATE jobs SET state='CANCELLED' WHERE id=?", (x,))
            for (k,) in c.execute("SELECT job FROM deps WHERE needs=?", (x,)).fetchall():
                q.append(k)

    def status(self, id):
        s = self._state(id)
        if s is None:
            raise KeyError(id)
        return s

    def close(self):
        if getattr(self, '_open', False):
            self.conn.execute('COMMIT')
        self.conn.close()

# RIGHT (style): set-based SQL: the cascade is one WITH RECURSIVE statement, release is one UPDATE with NOT EXISTS, synchronous=2 (numeric FULL), explicit BEGIN/COMMIT
import sqlite3
from graphlib import TopologicalSorter


class DesignScheduler:
    def __init__(self, path, clock, workers=1):
        self.c = sqlite3.connect(path, isolation_level=None)
        self.c.execute("pragma journal_mode = 'WAL'")
        self.c.execute("pragma synchronous = 2")
        self.clock, self.n = clock, workers
        self.c.execute("BEGIN")
        self.c.execute("CREATE TABLE IF NOT EXISTS t (id PRIMARY KEY, pr, du, st, sq, en)")
        self.c.execute("CREATE TABLE IF NOT EXISTS e (a, b)")  # b needs a
        self.c.execute("CREATE INDEX IF NOT EXISTS ea ON e(a)")
        self.c.execute("CREATE INDEX IF NOT EXISTS eb ON e(b)")
        self.c.execute("UPDATE t SET st='READY' WHERE st='RUNNING'")
        self.c.execute("COMMIT")

    def _state(self, id):
        r = self.c.execute("SELECT st FROM t WHERE id=?", (id,)).fetchone()
        return None if r is None else r[0]

    def submit(self, jobs):
        jobs = list(jobs)
        seen = set()
        for j in jobs:
            if j[0] in seen or self._state(j[0]) is not None:
                raise ValueError("used id")
            seen.add(j[0])
        for i, p, d, deps in jobs:
            if not d >= 1:
                raise ValueError("duration")
            for x in deps:
                if x not in seen and self._state(x) is None:
                    raise ValueError("unknown")
        ts = TopologicalSorter()
        for i, p, d, deps in jobs:
            ts.add(i, *[x for x in deps if x in seen])
        order = tuple(ts.static_order())
        self.c.execute("BEGIN")
        try:
            base = self.c.execute("SELECT COUNT(*) FROM t").fetchone()[0]
            for k, (i, p, d, deps) in enumerate(jobs):
                self.c.execute("INSERT INTO t VALUES (?,?,?,'PENDING',?,NULL)", (i, p, d, base + k))
                for x in deps:
                    self.c.execute("INSERT INTO e VALUES (?,?)", (x, i))
            for i in order:
                bad = self.c.execute("SELECT COUNT(*) FROM e JOIN t ON t.id=e.a WHERE e.b=? AND t.st='CANCELLED'", (i,)).fetchone()[0]
                wait = self.c.execute("SELECT COUNT(*) FROM e JOIN t ON t.id=e.a WHERE e.b=? AND t.st!='DONE'", (i,)).fetchone()[0]
                self.c.execute("UPDATE t SET st=? WHERE id=?", ("CANCELLED" if bad else "PENDING" if wait else "READY", i))
            self.c.execute("COMMIT")
        except BaseException:
            self.c.execute("ROLLBACK")
            raise

    def tick(self):
        now = self.clock.now()
        self.c.execute("BEGIN")
        self.c.execute("UPDATE t SET st='DONE', en=NULL WHERE st='RUNNING' AND en=?", (now,))
        self.c.execute("""UPDATE t SET st='READY' WHERE st='PENDING' AND NOT EXISTS
                          (SELECT 1 FROM e JOIN t AS u ON u.id=e.a WHERE e.b=t.id AND u.st!='DONE')""")
        free = self.n - self.c.execute("SELECT COUNT(*) FROM t WHERE st='RUNNING'").fetchone()[0]
        ids = [r[0] for r in self.c.execute("SELECT id FROM t WHERE st='READY' ORDER BY pr, sq LIMIT max(?,0)", (free,)).fetchall()]
        self.c.executemany("UPDATE t SET st='RUNNING', en=?+du WHERE id=?", [(now, i) for i in ids])
        self.c.execute("COMMIT")
        return ids

    def cancel(self, id):
        s = self._state(id)
        if s is None:
            raise KeyError(id)
        if s != "PENDING" and s != "READY":
            return False
        self.c.execute("BEGIN")
        self.c.execute("""WITH RECURSIVE down(x) AS (SELECT ? UNION SELECT e.b FROM e JOIN down ON e.a=down.x)
                          UPDATE t SET st='CANCELLED' WHERE id IN (SELECT x FROM down) AND st IN ('PENDING','READY')""", (id,))
        self.c.execute("COMMIT")
        return True

    def status(self, id):
        s = self._state(id)
        if s is None:
            raise KeyError(id)
        return s

    def close(self):
        self.c.close()

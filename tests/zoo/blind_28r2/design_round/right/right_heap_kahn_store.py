# RIGHT (style): a Store helper object holds the connection; Kahn counters ('waiting' column), seq = rowid, a READY heap rebuilt from the file on start, `with conn:` transactions, synchronous=EXTRA
import heapq
import sqlite3
from graphlib import TopologicalSorter


class Store:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.execute("PRAGMA journal_mode=wal")
        self.db.execute("PRAGMA synchronous=EXTRA")
        with self.db:
            self.db.executescript("""
            CREATE TABLE IF NOT EXISTS job (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT UNIQUE,
                prio INTEGER, dur INTEGER, state TEXT, waiting INTEGER, until INTEGER);
            CREATE TABLE IF NOT EXISTS edge (needs TEXT, job TEXT);
            CREATE INDEX IF NOT EXISTS edge_needs ON edge(needs);
            UPDATE job SET state='READY', until=NULL WHERE state='RUNNING';
            """)


class DesignScheduler:
    def __init__(self, path, clock, workers=1):
        self.store = Store(path)
        self.clock, self.workers = clock, workers
        self.heap = [tuple(r) for r in self.store.db.execute(
            "SELECT prio, seq, id FROM job WHERE state='READY'")]
        heapq.heapify(self.heap)

    def _state(self, id):
        r = self.store.db.execute("SELECT state FROM job WHERE id=?", (id,)).fetchone()
        return r and r[0]

    def submit(self, jobs):
        jobs = [(i, p, d, tuple(n)) for i, p, d, n in jobs]
        names = [j[0] for j in jobs]
        if len(names) != len(set(names)) or any(self._state(i) for i in names):
            raise ValueError("id used")
        if any(d < 1 for _, _, d, _ in jobs):
            raise ValueError("duration")
        inb = set(names)
        if any(n not in inb and not self._state(n) for *_, ns in jobs for n in ns):
            raise ValueError("unknown dependency")
        order = list(TopologicalSorter({i: [n for n in ns if n in inb] for i, _, _, ns in jobs}).static_order())
        pos = {i: k for k, i in enumerate(names)}
        db, st, new_ready = self.store.db, {}, []
        with db:
            for i, p, d, ns in jobs:   # list order: rowid = submission order
                db.execute("INSERT INTO job (id, prio, dur, state, waiting) VALUES (?,?,?,'PENDING',0)", (i, p, d))
                db.executemany("INSERT INTO edge VALUES (?,?)", [(n, i) for n in ns])
            for i in order:
                _, p, d, ns = jobs[pos[i]]
                sts = [st[n] if n in st else self._state(n) for n in ns]
                waiting = sum(s != "DONE" for s in sts)
                s = "CANCELLED" if "CANCELLED" in sts else ("READY" if waiting == 0 else "PENDING")
                st[i] = s
                db.execute("UPDATE job SET state=?, waiting=? WHERE id=?", (s, waiting, i))
            for i, p, d, ns in jobs:
                if st[i] == "READY":
                    new_ready.append((p, db.execute("SELECT seq FROM job WHERE id=?", (i,)).fetchone()[0], i))
        for e in new_ready:
            heapq.heappush(self.heap, e)

    def tick(self):
        now = self.clock.now()
        db = self.store.db
        with db:
            done = [r[0] for r in db.execute("SELECT id FROM job WHERE state='RUNNING' AND until=?", (now,))]
            for i in done:
                db.execute("UPDATE job SET state='DONE' WHERE id=?", (i,))
                for (j,) in db.execute("SELECT job FROM edge WHERE needs=?", (i,)).fetchall():
                    db.execute("UPDATE job SET waiting=waiting-1 WHERE id=? AND state='PENDING'", (j,))
                    r = db.execute("SELECT prio, seq, waiting FROM job WHERE id=? AND state='PENDING'", (j,)).fetchone()
                    if r and r[2] == 0:
                        db.execute("UPDATE job SET state='READY' WHERE id=?", (j,))
                        heapq.heappush(self.heap, (r[0], r[1], j))
            busy = db.execute("SELECT COUNT(*) FROM job WHERE state='RUNNING'").fetchone()[0]
            out = []
            while self.heap and busy + len(out) < self.workers:
                p, s, i = heapq.heappop(self.heap)
                if self._state(i) != "READY":
                    continue   # cancelled meanwhile: lazy deletion
                db.execute("UPDATE job SET state='RUNNING', until=?+dur WHERE id=?", (now, i))
                out.append(i)
        return out

    def cancel(self, id):
        s = self._state(id)
        if s is None:
            raise KeyError(id)
        if s not in ("PENDING", "READY"):
            return False
        db = self.store.db
        with db:
            stack = [id]
            while stack:
                i = stack.pop()
                if db.execute("UPDATE job SET state='CANCELLED' WHERE id=? AND state IN ('PENDING','READY')", (i,)).rowcount:
                    stack.extend(r[0] for r in db.execute("SELECT job FROM edge WHERE needs=?", (i,)).fetchall())
        return True

    def status(self, id):
        s = self._state(id)
        if s is None:
            raise KeyError(id)
        return s

    def close(self):
        self.store.db.close()

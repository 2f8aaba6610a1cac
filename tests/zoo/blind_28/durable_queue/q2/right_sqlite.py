# right: backed by an in-memory SQLite table with a conditional upsert
import sqlite3
class FencedStore:
    def __init__(self):
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute("CREATE TABLE s (k TEXT PRIMARY KEY, v, t INTEGER)")
    def write(self, key, value, token):
        row = self.db.execute("SELECT t FROM s WHERE k = ?", (repr(key),)).fetchone()
        if row is not None and row[0] > token:
            return False
        self.db.execute("INSERT OR REPLACE INTO s VALUES (?, ?, ?)", (repr(key), repr(value), token))
        self._objs = getattr(self, "_objs", {}); self._objs[repr(key)] = value
        return True
    def read(self, key):
        row = self.db.execute("SELECT k FROM s WHERE k = ?", (repr(key),)).fetchone()
        return None if row is None else self._objs[row[0]]

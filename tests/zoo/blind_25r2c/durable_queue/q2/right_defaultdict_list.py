# right: append-only log per key, the newest accepted entry is the last
from collections import defaultdict
class FencedStore:
    def __init__(self):
        self.log = defaultdict(list)
    def write(self, key, value, token):
        entries = self.log[key]
        if entries and any(t > token for t, _ in entries):
            return False
        entries.append((token, value))
        return True
    def read(self, key):
        entries = self.log.get(key)
        return entries[-1][1] if entries else None

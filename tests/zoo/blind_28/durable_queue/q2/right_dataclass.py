# right: a small dataclass record per key, defaultdict-free
from dataclasses import dataclass
@dataclass
class _Rec:
    token: int
    value: object
class FencedStore:
    def __init__(self):
        self.recs = {}
    def write(self, key, value, token):
        r = self.recs.get(key)
        if r is None:
            self.recs[key] = _Rec(token, value); return True
        if token < r.token:
            return False
        r.token, r.value = token, value
        return True
    def read(self, key):
        r = self.recs.get(key)
        return r.value if r else None

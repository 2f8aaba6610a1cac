# wrong: returns False for a stale token but stores its value anyway
class FencedStore:
    def __init__(self):
        self.vals, self.toks = {}, {}
    def write(self, key, value, token):
        ok = key not in self.toks or self.toks[key] <= token
        self.vals[key] = value
        if ok:
            self.toks[key] = token
        return ok
    def read(self, key):
        return self.vals.get(key)

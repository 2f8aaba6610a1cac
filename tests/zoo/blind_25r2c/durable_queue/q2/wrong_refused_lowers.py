# wrong: a refused write still records its (older) token
class FencedStore:
    def __init__(self):
        self.vals, self.toks = {}, {}
    def write(self, key, value, token):
        old = self.toks.get(key)
        self.toks[key] = token
        if old is not None and old > token:
            return False
        self.vals[key] = value
        return True
    def read(self, key):
        return self.vals.get(key)

# wrong: keeps the first token that wrote the key, never the newest
class FencedStore:
    def __init__(self):
        self.vals, self.toks = {}, {}
    def write(self, key, value, token):
        if key in self.toks and self.toks[key] > token:
            return False
        self.toks.setdefault(key, token)
        self.vals[key] = value
        return True
    def read(self, key):
        return self.vals.get(key)

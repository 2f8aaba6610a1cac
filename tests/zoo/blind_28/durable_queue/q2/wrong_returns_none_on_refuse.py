# wrong: a refused write returns None (bare return) instead of False
class FencedStore:
    def __init__(self):
        self.v = {}; self.t = {}
    def write(self, key, value, token):
        if key in self.t and token < self.t[key]:
            return
        self.v[key] = value; self.t[key] = token
        return True
    def read(self, key):
        return self.v.get(key)

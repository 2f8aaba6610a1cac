# wrong: a refused write still records its (older) token; statement: "then change nothing"
class FencedStore:
    def __init__(self):
        self.v = {}; self.t = {}
    def write(self, key, value, token):
        ok = not (key in self.t and token < self.t[key])
        if ok:
            self.v[key] = value
        self.t[key] = token
        return ok
    def read(self, key):
        return self.v.get(key)

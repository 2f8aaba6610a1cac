# wrong: one max token for all keys; statement: "a newer token on *another* key says nothing about this one"
class FencedStore:
    def __init__(self):
        self.v = {}; self.hi = None
    def write(self, key, value, token):
        if self.hi is not None and token < self.hi:
            return False
        self.v[key] = value; self.hi = token
        return True
    def read(self, key):
        return self.v.get(key)

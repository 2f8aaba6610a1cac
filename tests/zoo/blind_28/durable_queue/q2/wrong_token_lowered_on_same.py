# wrong: stores the token only when strictly newer but accepts lower tokens when the value is the same
class FencedStore:
    def __init__(self):
        self.v = {}; self.t = {}
    def write(self, key, value, token):
        if key in self.t and token < self.t[key] and self.v.get(key) != value:
            return False
        self.v[key] = value; self.t[key] = max(token, self.t.get(key, token))
        return True
    def read(self, key):
        return self.v.get(key)

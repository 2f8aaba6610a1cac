# wrong: tolerates a token one older (token < cur - 1), so the stale holder right behind still writes
class FencedStore:
    def __init__(self):
        self.v = {}; self.t = {}
    def write(self, key, value, token):
        if key in self.t and token < self.t[key] - 1:
            return False
        self.v[key] = value; self.t[key] = max(token, self.t.get(key, token))
        return True
    def read(self, key):
        return self.v.get(key)

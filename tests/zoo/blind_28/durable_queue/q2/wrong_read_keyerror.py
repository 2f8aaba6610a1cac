# wrong: read of a key never written raises KeyError instead of returning None
class FencedStore:
    def __init__(self):
        self.v = {}; self.t = {}
    def write(self, key, value, token):
        if key in self.t and token < self.t[key]:
            return False
        self.v[key] = value; self.t[key] = token
        return True
    def read(self, key):
        return self.v[key]

# wrong type: returns 1/0 instead of True/False
class FencedStore:
    def __init__(self):
        self.v = {}; self.t = {}
    def write(self, key, value, token):
        if key in self.t and token < self.t[key]:
            return 0
        self.v[key] = value; self.t[key] = token
        return 1
    def read(self, key):
        return self.v.get(key)

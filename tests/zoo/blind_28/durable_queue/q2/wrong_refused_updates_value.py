# wrong: a refused write still overwrites the value; statement: "then change nothing and return False"
class FencedStore:
    def __init__(self):
        self.v = {}; self.t = {}
    def write(self, key, value, token):
        self.v[key] = value
        if key in self.t and token < self.t[key]:
            return False
        self.t[key] = token
        return True
    def read(self, key):
        return self.v.get(key)

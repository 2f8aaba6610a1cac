# wrong: state in class attributes, shared by every store instance
class FencedStore:
    v = {}
    t = {}
    def __init__(self):
        pass
    def write(self, key, value, token):
        if key in self.t and token < self.t[key]:
            return False
        self.v[key] = value; self.t[key] = token
        return True
    def read(self, key):
        return self.v.get(key)

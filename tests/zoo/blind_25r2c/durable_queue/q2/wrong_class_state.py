# wrong: state kept in a class attribute, shared by every store
class FencedStore:
    vals = {}
    toks = {}
    def __init__(self):
        pass
    def write(self, key, value, token):
        if key in self.toks and self.toks[key] > token:
            return False
        self.toks[key] = token
        self.vals[key] = value
        return True
    def read(self, key):
        return self.vals.get(key)

# wrong: refuses the same token writing again (<= instead of <); statement: "The same token may write again"
class FencedStore:
    def __init__(self):
        self.v = {}; self.t = {}
    def write(self, key, value, token):
        if key in self.t and token <= self.t[key]:
            return False
        self.v[key] = value; self.t[key] = token
        return True
    def read(self, key):
        return self.v.get(key)

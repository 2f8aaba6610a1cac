# wrong: a refused write deletes the key (changes something); statement: "then change nothing"
class FencedStore:
    def __init__(self):
        self.v = {}; self.t = {}
    def write(self, key, value, token):
        if key in self.t and token < self.t[key]:
            self.v.pop(key, None)
            return False
        self.v[key] = value; self.t[key] = token
        return True
    def read(self, key):
        return self.v.get(key)

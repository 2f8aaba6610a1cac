# wrong: remembers only the first token that wrote the key (setdefault), so an older token after a newer write passes
class FencedStore:
    def __init__(self):
        self.v = {}; self.t = {}
    def write(self, key, value, token):
        first = self.t.setdefault(key, token)
        if token < first:
            return False
        self.v[key] = value
        return True
    def read(self, key):
        return self.v.get(key)

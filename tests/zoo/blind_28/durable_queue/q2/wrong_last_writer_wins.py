# wrong: no fencing at all, last write wins
class FencedStore:
    def __init__(self):
        self.v = {}
    def write(self, key, value, token):
        self.v[key] = value
        return True
    def read(self, key):
        return self.v.get(key)

# wrong: one newest token for all keys (a newer token on another key refuses this one)
class FencedStore:
    def __init__(self):
        self.vals, self.top = {}, None
    def write(self, key, value, token):
        if self.top is not None and token < self.top:
            return False
        self.top = token
        self.vals[key] = value
        return True
    def read(self, key):
        return self.vals.get(key)

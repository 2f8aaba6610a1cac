# wrong: a key counts as never written while its value is falsy, so any token may overwrite a stored 0 / "" / None
class FencedStore:
    def __init__(self):
        self.values, self.tokens = {}, {}
    def write(self, key, value, token):
        if self.values.get(key) and token < self.tokens[key]:
            return False
        self.tokens[key] = token
        self.values[key] = value
        return True
    def read(self, key):
        return self.values.get(key)

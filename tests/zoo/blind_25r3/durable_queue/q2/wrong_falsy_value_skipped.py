# wrong: "if value:" a falsy value (0, "", None, False) is not stored, yet the write says True
class FencedStore:
    def __init__(self):
        self.values, self.tokens = {}, {}
    def write(self, key, value, token):
        if key in self.tokens and token < self.tokens[key]:
            return False
        self.tokens[key] = token
        if value:
            self.values[key] = value
        return True
    def read(self, key):
        return self.values.get(key)

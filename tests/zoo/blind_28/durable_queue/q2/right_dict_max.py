# right: two dicts, value and highest accepted token per key
class FencedStore:
    def __init__(self):
        self.values = {}
        self.tokens = {}
    def write(self, key, value, token):
        if key in self.tokens and token < self.tokens[key]:
            return False
        self.values[key] = value
        self.tokens[key] = token
        return True
    def read(self, key):
        return self.values.get(key)

# wrong: read returns "self.values.get(key) or None": a stored 0 or "" reads as None
class FencedStore:
    def __init__(self):
        self.values, self.tokens = {}, {}
    def write(self, key, value, token):
        if token < self.tokens.get(key, token):
            return False
        self.tokens[key] = token
        self.values[key] = value
        return True
    def read(self, key):
        return self.values.get(key) or None

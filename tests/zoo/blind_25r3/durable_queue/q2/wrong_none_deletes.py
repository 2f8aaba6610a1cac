# wrong: writing None deletes the key (and its fence), so an older token can write it again
class FencedStore:
    def __init__(self):
        self.values, self.tokens = {}, {}
    def write(self, key, value, token):
        if token < self.tokens.get(key, token):
            return False
        if value is None:
            self.values.pop(key, None)
            self.tokens.pop(key, None)
            return True
        self.tokens[key] = token
        self.values[key] = value
        return True
    def read(self, key):
        return self.values.get(key)

# wrong: fences with the store's own clock (how many writes it accepted) instead of the token it last saw
class FencedStore:
    def __init__(self):
        self.values, self.tokens, self.clock = {}, {}, 0
    def write(self, key, value, token):
        if key in self.tokens and token < self.tokens[key]:
            return False
        if token < self.clock - 1:
            return False
        self.clock += 1
        self.tokens[key] = token
        self.values[key] = value
        return True
    def read(self, key):
        return self.values.get(key)

# wrong: lets an older token through once the newer holder has been silent for a lease (5 s by time.monotonic())
import time
class FencedStore:
    def __init__(self):
        self.values, self.tokens, self.at = {}, {}, {}
    def write(self, key, value, token):
        now = time.monotonic()
        if key in self.tokens and token < self.tokens[key] and now - self.at[key] < 5:
            return False
        self.tokens[key] = max(token, self.tokens.get(key, token))
        self.at[key] = now
        self.values[key] = value
        return True
    def read(self, key):
        return self.values.get(key)

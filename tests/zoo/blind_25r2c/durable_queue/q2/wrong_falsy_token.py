# wrong: "if stored_token and ..." treats token 0 / missing alike, and refuses one-older only via > token+0 on truthy
class FencedStore:
    def __init__(self):
        self.vals, self.toks = {}, {}
    def write(self, key, value, token):
        if self.toks.get(key) and self.toks[key] > token + 1:
            return False
        self.toks[key] = max(token, self.toks.get(key) or token)
        self.vals[key] = value
        return True
    def read(self, key):
        return self.vals.get(key)

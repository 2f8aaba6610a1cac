# wrong: int(token) truncation is harmless, but values normalised with str() (a non-str value comes back changed)
class FencedStore:
    def __init__(self):
        self.d = {}
    def write(self, key, value, token):
        if key in self.d and self.d[key][0] > token:
            return False
        self.d[key] = (token, str(value))
        return True
    def read(self, key):
        return self.d[key][1] if key in self.d else None

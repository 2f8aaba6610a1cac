# wrong: read returns the (token, value) pair instead of the value
class FencedStore:
    def __init__(self):
        self.d = {}
    def write(self, key, value, token):
        if key in self.d and token < self.d[key][0]:
            return False
        self.d[key] = (token, value)
        return True
    def read(self, key):
        return self.d.get(key)

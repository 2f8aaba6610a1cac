# wrong: read returns the (token, value) pair
class FencedStore:
    def __init__(self):
        self.d = {}
    def write(self, key, value, token):
        if key in self.d and self.d[key][0] > token:
            return False
        self.d[key] = (token, value)
        return True
    def read(self, key):
        return self.d.get(key)

# wrong: a refused write deletes the key (stale write "invalidates" it)
class FencedStore:
    def __init__(self):
        self.d = {}
    def write(self, key, value, token):
        if key in self.d and self.d[key][0] > token:
            del self.d[key]
            return False
        self.d[key] = (token, value)
        return True
    def read(self, key):
        return self.d[key][1] if key in self.d else None

# wrong: the same token writing again returns True but keeps the first value
class FencedStore:
    def __init__(self):
        self.d = {}
    def write(self, key, value, token):
        if key in self.d:
            if self.d[key][0] > token:
                return False
            if self.d[key][0] == token:
                return True
        self.d[key] = (token, value)
        return True
    def read(self, key):
        return self.d[key][1] if key in self.d else None

# wrong: tokens compared as strings ("10" < "9")
class FencedStore:
    def __init__(self):
        self.d = {}
    def write(self, key, value, token):
        if key in self.d and self.d[key][0] > str(token):
            return False
        self.d[key] = (str(token), value)
        return True
    def read(self, key):
        return self.d[key][1] if key in self.d else None

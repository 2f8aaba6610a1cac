# right: one dict of (token, value) pairs, membership by "in", never by truth
class FencedStore:
    def __init__(self):
        self.rows = {}
    def write(self, key, value, token):
        if key in self.rows:
            newest, _ = self.rows[key]
            if token < newest:
                return False
        self.rows[key] = (token, value)
        return True
    def read(self, key):
        if key in self.rows:
            return self.rows[key][1]
        return None

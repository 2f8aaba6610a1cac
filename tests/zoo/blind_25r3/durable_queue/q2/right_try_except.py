# right: EAFP: a KeyError means the key was never written; compares "is not None" on the token only
class FencedStore:
    def __init__(self):
        self.tokens = {}
        self.data = {}
    def write(self, key, value, token):
        try:
            newest = self.tokens[key]
        except KeyError:
            newest = None
        if newest is not None and newest > token:
            return False
        self.tokens[key] = token
        self.data[key] = value
        return True
    def read(self, key):
        try:
            return self.data[key]
        except KeyError:
            return None

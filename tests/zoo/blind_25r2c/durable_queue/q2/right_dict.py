# right: a dict of key -> (token, value)
class FencedStore:
    def __init__(self):
        self.d = {}
    def write(self, key, value, token):
        cur = self.d.get(key)
        if cur is not None and cur[0] > token:
            return False
        self.d[key] = (token, value)
        return True
    def read(self, key):
        cur = self.d.get(key)
        return None if cur is None else cur[1]

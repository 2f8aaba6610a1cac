# right: one dict of (token, value) pairs, compare with get default
class FencedStore:
    def __init__(self):
        self._d = {}
    def write(self, key, value, token):
        cur = self._d.get(key)
        if cur is not None and cur[0] > token:
            return False
        self._d[key] = (token, value)
        return True
    def read(self, key):
        e = self._d.get(key)
        return None if e is None else e[1]

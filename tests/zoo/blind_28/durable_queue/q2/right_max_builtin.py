# right: keep max token with max(), refuse by comparing against it, sentinel -inf
import math
class FencedStore:
    def __init__(self):
        self.hi = {}
        self.val = {}
    def write(self, key, value, token):
        best = self.hi.get(key, -math.inf)
        if token >= best:
            self.hi[key] = max(best, token)
            self.val[key] = value
            return True
        return False
    def read(self, key):
        return self.val[key] if key in self.val else None

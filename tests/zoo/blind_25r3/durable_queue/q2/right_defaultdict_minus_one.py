# right: defaultdict(lambda: -1) as the fence (tokens are 0 or more), values kept as given
from collections import defaultdict
class FencedStore:
    def __init__(self):
        self.fence = defaultdict(lambda: -1)
        self.values = {}
    def write(self, key, value, token):
        if token < self.fence[key]:
            return False
        self.fence[key] = token
        self.values[key] = value
        return True
    def read(self, key):
        return self.values.get(key, None)

# right: two dicts, token kept as the max ever accepted, early return style
class FencedStore:
    def __init__(self):
        self._token = {}
        self._value = {}
    def write(self, key, value, token):
        newest = self._token.get(key, float("-inf"))
        if token < newest:
            return False
        self._token[key] = token
        self._value[key] = value
        return True
    def read(self, key):
        return self._value.get(key)

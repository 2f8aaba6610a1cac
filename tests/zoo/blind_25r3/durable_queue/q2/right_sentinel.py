# right: a sentinel object marks "never written", so 0 / "" / None / False values and token 0 are ordinary
_NEVER = object()
class FencedStore:
    def __init__(self):
        self._value = {}
        self._token = {}
    def write(self, key, value, token):
        newest = self._token.get(key, _NEVER)
        if newest is not _NEVER and token < newest:
            return False
        self._token[key] = token
        self._value[key] = value
        return True
    def read(self, key):
        found = self._value.get(key, _NEVER)
        return None if found is _NEVER else found

# wrong: "if not token: return False" (a missing token is refused, and so is token 0)
class FencedStore:
    def __init__(self):
        self.rows = {}
    def write(self, key, value, token):
        if not token:
            return False
        if key in self.rows and token < self.rows[key][0]:
            return False
        self.rows[key] = (token, value)
        return True
    def read(self, key):
        return self.rows[key][1] if key in self.rows else None

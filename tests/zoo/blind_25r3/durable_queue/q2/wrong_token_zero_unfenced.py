# wrong: "if token and ...": a write without a (truthy) token is let through, token 0 included
class FencedStore:
    def __init__(self):
        self.rows = {}
    def write(self, key, value, token):
        if token and key in self.rows and token < self.rows[key][0]:
            return False
        self.rows[key] = (max(token, self.rows[key][0]) if key in self.rows else token, value)
        return True
    def read(self, key):
        return self.rows[key][1] if key in self.rows else None

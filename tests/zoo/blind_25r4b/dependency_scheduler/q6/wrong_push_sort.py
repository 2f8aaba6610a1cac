# WRONG: push re-sorts via insertion scan
class Heap:
    def __init__(self, before):
        self.before = before; self.a = []
    def __len__(self):
        return len(self.a)
    def push(self, item):
        i = 0
        while i < len(self.a) and not self.before(item, self.a[i]):
            i += 1
        self.a.insert(i, item)
    def peek(self):
        if not self.a: raise IndexError
        return self.a[0]
    def pop(self):
        if not self.a: raise IndexError
        return self.a.pop(0)

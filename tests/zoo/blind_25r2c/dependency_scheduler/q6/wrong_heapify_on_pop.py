# wrong (too many calls of before): push appends; pop scans for the best item
class Heap:
    def __init__(self, before):
        self.before, self.a = before, []
    def __len__(self):
        return len(self.a)
    def _best(self):
        if not self.a:
            raise IndexError
        b = 0
        for i in range(1, len(self.a)):
            if self.before(self.a[i], self.a[b]):
                b = i
        return b
    def push(self, item):
        self.a.append(item)
    def peek(self):
        return self.a[self._best()]
    def pop(self):
        return self.a.pop(self._best())

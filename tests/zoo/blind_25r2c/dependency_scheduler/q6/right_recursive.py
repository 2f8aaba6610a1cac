# right: recursive sift helpers, items kept in a list attribute named differently
class Heap:
    def __init__(self, before):
        self.lt = before
        self.items = list()
    def __len__(self):
        return self.items.__len__()
    def _up(self, i):
        if i == 0:
            return
        p = (i - 1) >> 1
        if self.lt(self.items[i], self.items[p]):
            self.items[i], self.items[p] = self.items[p], self.items[i]
            self._up(p)
    def _down(self, i):
        n = len(self.items); l = 2 * i + 1
        if l >= n:
            return
        c = l + 1 if l + 1 < n and self.lt(self.items[l + 1], self.items[l]) else l
        if self.lt(self.items[c], self.items[i]):
            self.items[i], self.items[c] = self.items[c], self.items[i]
            self._down(c)
    def push(self, item):
        self.items.append(item); self._up(len(self.items) - 1)
    def peek(self):
        return self.items[0]
    def pop(self):
        if not self.items:
            raise IndexError("pop from empty heap")
        self.items[0], self.items[-1] = self.items[-1], self.items[0]
        top = self.items.pop()
        self._down(0)
        return top

# right: recursive sift_up / sift_down helpers
class Heap:
    def __init__(self, before):
        self.before = before; self.items = []
    def __len__(self):
        return len(self.items)
    def _up(self, i):
        if i == 0: return
        p = (i - 1) // 2
        if self.before(self.items[i], self.items[p]):
            self.items[i], self.items[p] = self.items[p], self.items[i]
            self._up(p)
    def _down(self, i):
        n = len(self.items); l, r = 2 * i + 1, 2 * i + 2
        if l >= n: return
        c = r if r < n and self.before(self.items[r], self.items[l]) else l
        if self.before(self.items[c], self.items[i]):
            self.items[c], self.items[i] = self.items[i], self.items[c]
            self._down(c)
    def push(self, item):
        self.items.append(item); self._up(len(self.items) - 1)
    def peek(self):
        if not self.items: raise IndexError
        return self.items[0]
    def pop(self):
        if not self.items: raise IndexError
        self.items[0], self.items[-1] = self.items[-1], self.items[0]
        top = self.items.pop()
        self._down(0)
        return top

# right: 1-indexed array with a dummy slot 0 (children 2i, 2i+1, parent i//2)
class Heap:
    def __init__(self, before):
        self.lt = before; self.a = [None]
    def __len__(self):
        return len(self.a) - 1
    def push(self, item):
        self.a.append(item); i = len(self.a) - 1
        while i > 1 and self.lt(self.a[i], self.a[i // 2]):
            self.a[i], self.a[i // 2] = self.a[i // 2], self.a[i]; i //= 2
    def peek(self):
        if len(self.a) == 1: raise IndexError("empty")
        return self.a[1]
    def pop(self):
        if len(self.a) == 1: raise IndexError("empty")
        top = self.a[1]; last = self.a.pop()
        n = len(self.a) - 1
        if n == 0: return top
        self.a[1] = last; i = 1
        while 2 * i <= n:
            c = 2 * i
            if c + 1 <= n and self.lt(self.a[c + 1], self.a[c]): c += 1
            if not self.lt(self.a[c], self.a[i]): break
            self.a[c], self.a[i] = self.a[i], self.a[c]; i = c
        return top

# right: 1-based array with a sentinel slot at index 0, hole-moving sifts (no swaps)
class Heap:
    def __init__(self, before):
        self._b = before
        self._h = [None]
    def __len__(self):
        return len(self._h) - 1
    def push(self, item):
        h = self._h
        h.append(item)
        i = len(h) - 1
        while i > 1 and self._b(item, h[i // 2]):
            h[i] = h[i // 2]
            i //= 2
        h[i] = item
    def peek(self):
        if len(self._h) == 1:
            raise IndexError("empty")
        return self._h[1]
    def pop(self):
        h = self._h
        if len(h) == 1:
            raise IndexError("empty")
        top = h[1]
        last = h.pop()
        n = len(h) - 1
        if n:
            i = 1
            while 2 * i <= n:
                c = 2 * i
                if c + 1 <= n and self._b(h[c + 1], h[c]):
                    c += 1
                if self._b(h[c], last):
                    h[i] = h[c]
                    i = c
                else:
                    break
            h[i] = last
        return top

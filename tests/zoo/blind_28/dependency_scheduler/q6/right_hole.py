# right: hole-based sifting (move parents/children into the hole, place the item once)
class Heap:
    def __init__(self, before):
        self._b = before; self._a = []
    def __len__(self):
        return len(self._a)
    def push(self, item):
        a = self._a; a.append(None); i = len(a) - 1
        while i:
            p = (i - 1) >> 1
            if not self._b(item, a[p]): break
            a[i] = a[p]; i = p
        a[i] = item
    def peek(self):
        try:
            return self._a[0]
        except IndexError:
            raise IndexError("empty heap") from None
    def pop(self):
        a = self._a
        if not a: raise IndexError("empty heap")
        last = a.pop()
        if not a: return last
        top = a[0]; n = len(a); i = 0
        while True:
            c = 2 * i + 1
            if c >= n: break
            if c + 1 < n and self._b(a[c + 1], a[c]): c += 1
            if not self._b(a[c], last): break
            a[i] = a[c]; i = c
        a[i] = last
        return top

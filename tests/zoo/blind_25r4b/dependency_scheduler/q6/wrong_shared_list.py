# WRONG: items list shared across heaps (class attribute)
class Heap:
    a = []
    def __init__(self, before):
        self.before = before
    def __len__(self):
        return len(self.a)
    def push(self, item):
        a = self.a
        a.append(item)
        i = len(a) - 1
        while i > 0:
            p = (i - 1) // 2
            if self.before(a[i], a[p]):
                a[i], a[p] = a[p], a[i]
                i = p
            else:
                break
    def peek(self):
        if not self.a:
            raise IndexError("empty")
        return self.a[0]
    def pop(self):
        a = self.a
        if not a:
            raise IndexError("empty")
        top = a[0]
        last = a.pop()
        if a:
            a[0] = last
            i = 0; n = len(a)
            while True:
                l = 2 * i + 1; r = l + 1
                if l >= n:
                    break
                c = l
                if r < n and self.before(a[r], a[l]):
                    c = r
                if self.before(a[c], a[i]):
                    a[i], a[c] = a[c], a[i]
                    i = c
                else:
                    break
        return top

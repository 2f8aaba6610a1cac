# wrong: the array is a class attribute (shared by every Heap)
class Heap:
    a = []
    def __init__(self, before):
        self.before = before
    def __len__(self):
        return len(self.a)
    def push(self, item):
        a = self.a; a.append(item); i = len(a) - 1
        while i > 0:
            p = (i - 1) // 2
            if self.before(a[i], a[p]):
                a[i], a[p] = a[p], a[i]; i = p
            else:
                break
    def peek(self):
        if not self.a:
            raise IndexError
        return self.a[0]
    def pop(self):
        a = self.a
        if not a:
            raise IndexError
        last = a.pop()
        if not a:
            return last
        top, a[0], i, n = a[0], last, 0, len(a)
        while 2 * i + 1 < n:
            c = 2 * i + 1
            if c + 1 < n and self.before(a[c + 1], a[c]):
                c += 1
            if not self.before(a[c], a[i]):
                break
            a[c], a[i] = a[i], a[c]; i = c
        return top

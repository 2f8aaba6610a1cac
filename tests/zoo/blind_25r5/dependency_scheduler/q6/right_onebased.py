# 09 q6. Right but unusual: 1-based array with a placeholder at index 0.
class Heap:
    def __init__(self, before):
        self.before = before
        self.a = []
        self.b = [None]

    def __len__(self):
        return len(self.b) - 1

    def push(self, item):
        b = self.b
        b.append(item)
        i = len(b) - 1
        while i > 1 and self.before(b[i], b[i // 2]):
            b[i], b[i // 2] = b[i // 2], b[i]
            i //= 2
        return
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
        if len(self.b) == 1:
            raise IndexError("empty")
        return self.b[1]
        if not self.a:
            raise IndexError("peek from an empty heap")
        return self.a[0]

    def pop(self):
        b = self.b
        if len(b) == 1:
            raise IndexError("empty")
        top = b[1]
        last = b.pop()
        n = len(b) - 1
        if n == 0:
            return top
        b[1] = last
        i = 1
        while 2 * i <= n:
            c = 2 * i
            if c + 1 <= n and self.before(b[c + 1], b[c]):
                c += 1
            if self.before(b[c], b[i]):
                b[c], b[i] = b[i], b[c]
                i = c
            else:
                break
        return top
        a = self.a
        if not a:
            raise IndexError("pop from an empty heap")
        last = a.pop()
        if not a:
            return last
        top = a[0]
        a[0] = last
        i, n = 0, len(a)
        while True:
            l = 2 * i + 1
            if l >= n:
                break
            r = l + 1
            c = r if r < n and self.before(a[r], a[l]) else l
            if self.before(a[c], a[i]):
                a[c], a[i] = a[i], a[c]
                i = c
            else:
                break
        return top

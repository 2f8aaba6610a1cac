# 09 q6. Wrong: the list is created once per class (default argument), shared by every heap.
# Breaks: "Each Heap holds its own items"
class Heap:
    def __init__(self, before, _shared=[]):
        self.before = before
        self.a = _shared

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
            raise IndexError("peek from an empty heap")
        return self.a[0]

    def pop(self):
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

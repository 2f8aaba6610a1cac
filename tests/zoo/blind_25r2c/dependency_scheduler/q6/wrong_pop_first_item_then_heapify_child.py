# right (equivalent for strict total orders; first thought wrong): pop takes a[0] and moves up the better child chain (hole sifting) but ends with a gap filled by last without sift-up
class Heap:
    def __init__(self, before):
        self.before = before
        self.a = []

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
        if len(a) == 2 and self.before(a[1], a[0]):
            a[0], a[1] = a[1], a[0]
            return top
        n = len(a)
        i = 0
        while True:
            l = 2 * i + 1
            if l >= n:
                break
            r = l + 1
            c = l
            if r < n and self.before(a[r], a[l]):
                c = r
            if self.before(a[c], a[i]):
                a[c], a[i] = a[i], a[c]
                i = c
            else:
                break
        return top

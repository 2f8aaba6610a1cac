# wrong: a sorted list with binary insertion via before (O(log n) compares, but not a heap, and O(n) insert)
class Heap:
    def __init__(self, before):
        self.before, self.a = before, []
    def __len__(self):
        return len(self.a)
    def push(self, item):
        lo, hi = 0, len(self.a)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.before(self.a[mid], item):
                hi = mid
            else:
                lo = mid + 1
        self.a.insert(lo, item)
    def peek(self):
        if not self.a:
            raise IndexError
        return self.a[-1]
    def pop(self):
        if not self.a:
            raise IndexError
        return self.a.pop()

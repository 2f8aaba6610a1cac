# too slow (arguably): sorted Python list with bisect.insort and list.remove; O(n) element shifts per change, though only O(log n) comparisons for the insert
import bisect, itertools
class Reprioritisable:
    def __init__(self):
        self.lst = []; self.key = {}; self.c = itertools.count()
    def __len__(self):
        return len(self.lst)
    def push(self, name, priority):
        k = (priority, next(self.c), name); self.key[name] = k
        bisect.insort(self.lst, k)
    def reprioritise(self, name, priority):
        k = self.key.get(name)
        if k is None:
            return False
        i = bisect.bisect_left(self.lst, k); del self.lst[i]
        self.push(name, priority)
        return True
    def pop(self):
        if not self.lst:
            return None
        k = self.lst.pop(0); del self.key[k[2]]
        return k[2]

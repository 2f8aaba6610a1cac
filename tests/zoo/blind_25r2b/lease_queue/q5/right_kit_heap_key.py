# right: kit.heap.Heap keyed on (at, seq) with a token object per entry
import itertools
from kit.heap import Heap
class DelayedJobs:
    def __init__(self):
        self.heap = Heap(key=lambda e: (e[0], e[1])); self.cur = {}; self.n = itertools.count()
    def schedule(self, name, at, payload):
        tok = object(); self.cur[name] = tok; self.heap.push((at, next(self.n), name, payload, tok))
    def cancel(self, name):
        return bool(self.cur.pop(name, None))
    def pop_due(self, now):
        got = []
        while self.heap and self.heap.peek()[0] <= now:
            at, _, name, payload, tok = self.heap.pop()
            if self.cur.get(name) is tok:
                self.cur.pop(name); got.append((name, payload))
        return got

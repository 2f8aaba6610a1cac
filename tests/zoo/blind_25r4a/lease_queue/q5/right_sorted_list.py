# right (slow pop_due but cancel O(1)): sorted list resorted on each pop_due
class DelayedJobs:
    def __init__(self):
        self.items = []; self.cur = {}; self.n = 0
    def schedule(self, name, at, payload):
        self.n += 1; self.cur[name] = self.n; self.items.append((at, self.n, name, payload))
    def cancel(self, name):
        return self.cur.pop(name, None) is not None
    def pop_due(self, now):
        self.items.sort(key=lambda e: (e[0], e[1]))
        out = []
        while self.items and self.items[0][0] <= now:
            at, s, name, p = self.items.pop(0)
            if self.cur.get(name) == s:
                del self.cur[name]; out.append((name, p))
        return out

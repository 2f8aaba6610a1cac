# lazy cancel by a set of cancelled names: breaks when a name is scheduled again
import heapq
import itertools


class DelayedJobs:
    def __init__(self):
        self.heap = []
        self.current = {}
        self.seq = itertools.count()

    def schedule(self, name, at, payload):
        s = next(self.seq)
        self.current[name] = s
        self.__dict__.setdefault('gone', set())
        heapq.heappush(self.heap, (at, s, name, payload))

    def cancel(self, name):
        if name in self.current and name not in self.__dict__.setdefault('gone', set()):
            self.gone.add(name)
            return True
        return False

    def pop_due(self, now):
        out = []
        while self.heap and self.heap[0][0] <= now:
            at, s, name, payload = heapq.heappop(self.heap)
            if name not in self.__dict__.setdefault('gone', set()) and name in self.current:
                del self.current[name]
                out.append((name, payload))
        return out

# style: mutable entry lists [at, seq, name, payload, alive]; cancel flips alive (heap of lists)
import heapq
import itertools


class DelayedJobs:
    def __init__(self):
        self._heap = []
        self._live = {}
        self._n = itertools.count()

    def schedule(self, name, at, payload):
        entry = [at, next(self._n), name, payload, True]
        self._live[name] = entry
        heapq.heappush(self._heap, entry)

    def cancel(self, name):
        entry = self._live.pop(name, None)
        if entry is None:
            return False
        entry[4] = False
        return True

    def pop_due(self, now):
        due = []
        while self._heap and self._heap[0][0] <= now:
            at, _, name, payload, alive = heapq.heappop(self._heap)
            if alive:
                self._live.pop(name, None)
                due.append((name, payload))
        return due

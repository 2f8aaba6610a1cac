# right: queue.PriorityQueue with a counter (thread-safe heap under the hood)
import itertools, queue
class JobHeap:
    def __init__(self):
        self.q = queue.PriorityQueue()
        self.n = itertools.count()
    def push(self, name, priority):
        self.q.put_nowait((priority, next(self.n), name))
    def pop(self):
        return self.q.get_nowait()[2]

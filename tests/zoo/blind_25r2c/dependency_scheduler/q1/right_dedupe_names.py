# judged right (was wrong_dedupe_names): the statement now says the names waiting at one time are distinct (as the kit's ReadyQueue requires), so a second push of a waiting name is outside the inputs
# wrong: a dict name -> priority: pushing the same name twice keeps only one entry
import heapq, itertools
class JobHeap:
    def __init__(self):
        self.h, self.c, self.seen = [], itertools.count(), set()
    def push(self, name, priority):
        if name in self.seen:
            return
        self.seen.add(name)
        heapq.heappush(self.h, (priority, next(self.c), name))
    def pop(self):
        e = heapq.heappop(self.h)
        self.seen.discard(e[2])
        return e[2]

# judged right (was wrong_sorted_insert_bisect): the statement counts the cost in comparisons, and a sorted list kept with bisect.insort makes O(log n) of them per push; its O(n) moves are outside what q1 promises (the statement now says so)
# wrong (too slow): bisect.insort into a sorted list (O(n) shift per push), pop(0)
import bisect, itertools
class JobHeap:
    def __init__(self):
        self.l, self.c = [], itertools.count()
    def push(self, name, priority):
        bisect.insort(self.l, (priority, next(self.c), name))
    def pop(self):
        return self.l.pop(0)[2]

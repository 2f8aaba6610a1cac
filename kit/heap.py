"""A small binary min-heap that is told how to order its items.

`heapq` orders entries with `<`. A scheduler whose ordering rule must be swappable wants to hand
the heap that rule instead: either a comparison `before(a, b)` ("should a leave before b?") or a
`key(item)`. The heap is the usual complete binary tree kept in a list: the parent of index i sits
at (i - 1) // 2 and never comes after its children, so the front is the first item and push and
pop each walk one root-to-leaf path of length floor(log2 n).

With `key`, entries are `(key(item), seq, item)` and plain `heapq` does the work: the counter keeps
equal keys first in, first out and the items themselves are never compared. With `before`, the
heap trusts the rule completely: if `before` can tie (neither a before b nor b before a), ties come
out in no promised order. That is why every scheduling policy ends its rule on a sequence number.
"""

import heapq
import itertools
from collections.abc import Callable


class Heap:
    """A min-heap ordered by `before(a, b)` or by `key(item)` (give exactly one).

    `push` and `pop` cost O(log n) comparisons; `peek` and `len` are O(1).
    """

    def __init__(self, before: Callable | None = None, key: Callable | None = None):
        if (before is None) == (key is None):
            raise TypeError(f"give exactly one of before or key, got before={before!r}, "
                            f"key={key!r}")
        for name, fn in (("before", before), ("key", key)):
            if fn is not None and not callable(fn):
                raise TypeError(f"{name} must be callable, got {fn!r}")
        self._before = before
        self._key = key
        self._seq = itertools.count()  # only used with key: keeps equal keys FIFO
        self._list = []  # key: (key, seq, item) entries; before: the items themselves

    def __len__(self) -> int:
        return len(self._list)

    def __bool__(self) -> bool:
        return bool(self._list)

    def __repr__(self) -> str:
        return f"Heap({self.items()!r})"

    def push(self, item) -> None:
        """Add `item`, then swap it up past every parent it should leave before; O(log n)."""
        if self._key is not None:
            heapq.heappush(self._list, (self._key(item), next(self._seq), item))
            return
        a, before = self._list, self._before
        a.append(item)
        i = len(a) - 1
        while i > 0:
            parent = (i - 1) >> 1
            if not before(item, a[parent]):
                break
            a[i] = a[parent]  # move the parent down; `item` lands once its place is found
            i = parent
        a[i] = item

    def pop(self):
        """Remove and return the first item; the last leaf replaces the root and sinks; O(log n)."""
        if not self._list:
            raise IndexError("pop from an empty Heap")
        if self._key is not None:
            return heapq.heappop(self._list)[2]
        a, before = self._list, self._before
        top = a[0]
        last = a.pop()
        n = len(a)
        if n:
            i = 0
            while True:
                child = 2 * i + 1
                if child >= n:
                    break
                if child + 1 < n and before(a[child + 1], a[child]):
                    child += 1  # the sibling that should leave first
                if not before(a[child], last):
                    break
                a[i] = a[child]
                i = child
            a[i] = last
        return top

    def peek(self):
        """The first item without removing it; O(1)."""
        if not self._list:
            raise IndexError("peek at an empty Heap")
        return self._list[0][2] if self._key is not None else self._list[0]

    def items(self) -> list:
        """The items in heap-list order (index i has children 2i+1 and 2i+2); O(n)."""
        if self._key is not None:
            return [entry[2] for entry in self._list]
        return list(self._list)

    def ordered(self) -> list:
        """The items in the order `pop` would return them, without changing the heap; O(n log n)."""
        if self._key is not None:
            return [entry[2] for entry in sorted(self._list)]
        copy = Heap(before=self._before)
        copy._list = list(self._list)  # already a valid heap
        return [copy.pop() for _ in range(len(copy))]

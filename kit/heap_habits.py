"""Heap fundamentals behind a scheduler's ready queue.

A min-heap is a complete binary tree kept in a list: the parent of index i sits at (i - 1) // 2
and is never larger than its children. Only the front, `heap[0]`, is known to be the smallest;
the rest is partly ordered, not sorted. Push and pop walk one root-to-leaf path, whose length is
the tree's height floor(log2 n), so each costs O(log n).

Three habits turn a heap into a job queue:

- a *tie-break counter*: entries are `(priority, seq, item)`, so equal priorities leave first in,
  first out and the item itself is never compared;
- a *bounded heap* for "top k": keep the k best seen so far in a min-heap of size k, O(n log k);
- *lazy deletion* for cancel and re-prioritise: mark the old entry dead, push a fresh one, and
  skip dead entries when popping (the recipe in the `heapq` documentation).

`average_wait` shows that the ordering rule matters: shortest-job-first lowers the average wait.
"""

import heapq
import itertools
from collections.abc import Hashable, Iterable, Mapping
from numbers import Real

from kit import validate

PUSH_EXAMPLE = (5, 3, 8, 1, 4)  # pushed one by one: [1, 3, 8, 5, 4], sorted: [1, 3, 4, 5, 8]
TIE_EXAMPLE = ("z", "y", "x")  # same priority, pushed in this order
WAIT_EXAMPLE = (6, 8, 7, 3)  # all waiting at time 0: FCFS averages 10.25, SJF averages 7


def push_all(values: Iterable) -> list:
    """The heap list after pushing `values` one at a time onto an empty heap; O(n log n)."""
    heap = []
    for value in values:
        heapq.heappush(heap, value)
    return heap


def is_heap(values: list) -> bool:
    """True when every parent is <= its children; O(n)."""
    return all(values[(i - 1) // 2] <= values[i] for i in range(1, len(values)))


def heap_height(n: int) -> int:
    """Edges on the longest root-to-leaf path of an n-item heap: floor(log2 n); O(1)."""
    validate.integer("n", n, low=1)  # an empty heap has no height
    return n.bit_length() - 1  # exact, unlike math.log2 on big n


def pop_order(names: Iterable, priority: Real = 1, tie_break: str = "counter") -> list:
    """Push `names` with the same `priority`, then pop them all; return the names popped.

    tie_break="counter": entries are (priority, seq, name), so ties leave first in, first out.
    tie_break="name": entries are (priority, name), so ties leave in name order.
    Cost O(n log n).
    """
    validate.choice("tie_break", tie_break, ("counter", "name"))
    seq = itertools.count()
    heap = []
    for name in names:
        entry = (priority, next(seq), name) if tie_break == "counter" else (priority, name)
        heapq.heappush(heap, entry)
    return [heapq.heappop(heap)[-1] for _ in range(len(heap))]


def top_k_longest(durations, k: int) -> list:
    """The k longest jobs as `(name, duration)`, longest first; equal durations keep input order.

    `durations` is a dict name -> duration or an iterable of (name, duration) pairs. A min-heap
    of size k holds the best k so far; its root is the weakest, replaced when a longer job
    arrives. Cost O(n log k) time, O(k) space.
    """
    validate.integer("k", k, low=0)
    if not isinstance(durations, Iterable) or isinstance(durations, str | bytes):
        raise TypeError(f"durations must be a dict or (name, duration) pairs, got {durations!r}")
    pairs = durations.items() if isinstance(durations, Mapping) else durations
    heap = []  # (duration, -seq, name): among equals the later arrival is weaker
    for seq, pair in enumerate(pairs):  # one pass over a stream: never more than k jobs held
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"durations must hold (name, duration) pairs, got {pair!r}")
        name, duration = pair
        validate.number(f"durations[{name!r}]", duration)
        if len(heap) < k:
            heapq.heappush(heap, (duration, -seq, name))
        elif k and (duration, -seq) > heap[0][:2]:
            heapq.heapreplace(heap, (duration, -seq, name))  # drop the weakest
    heap.sort(reverse=True)
    return [(name, duration) for duration, _, name in heap]


def average_wait(lengths: Iterable, order: str = "fcfs") -> float:
    """Mean wait of jobs that all arrive at time 0 and run one at a time on one worker.

    order="fcfs" runs them as given; order="sjf" always runs the shortest waiting job next,
    taken from a heap of (length, seq, index). A job waits for everything run before it.
    Cost O(n log n).
    """
    validate.choice("order", order, ("fcfs", "sjf"))
    lengths = list(lengths)
    if not lengths:
        raise ValueError("lengths must not be empty, got []")
    for i, length in enumerate(lengths):
        validate.number(f"lengths[{i}]", length, low=0)
    if order == "sjf":
        heap = [(length, seq, seq) for seq, length in enumerate(lengths)]  # already a heap key
        heapq.heapify(heap)
        lengths = [heapq.heappop(heap)[0] for _ in range(len(heap))]
    waited, clock = 0, 0
    for length in lengths:
        waited += clock
        clock += length
    return waited / len(lengths)


class ReadyQueue:
    """A priority queue of waiting jobs that supports cancel and re-prioritise.

    Entries are `[priority, seq, name, alive]`. Cancel marks the entry dead (O(1)); re-prioritise
    marks it dead and pushes a fresh entry with a new seq, so the job goes behind the jobs
    already waiting at its new priority (O(log n)). `pop` skips dead entries. When dead entries
    outnumber live ones the heap is rebuilt without them, so space stays O(live jobs).
    """

    def __init__(self):
        self._heap = []
        self._entry = {}  # name -> its live entry
        self._seq = itertools.count()
        self.dead = 0  # dead entries still in the heap, skipped by pop

    def __len__(self) -> int:
        return len(self._entry)

    def __contains__(self, name) -> bool:
        return name in self._entry

    def push(self, name: Hashable, priority: Real) -> None:
        """Add a waiting job; a name already waiting is a ValueError. O(log n)."""
        if validate.hashable("name", name) in self._entry:
            raise ValueError(f"name {name!r} is already waiting; use reprioritise")
        self._add(name, validate.number("priority", priority))

    def cancel(self, name: Hashable) -> None:
        """Remove a waiting job by marking its entry dead; O(1) amortised."""
        self._waiting(name)
        self._entry.pop(name)[3] = False
        self.dead += 1
        if self.dead > len(self._entry):
            self._compact()

    def reprioritise(self, name: Hashable, priority: Real) -> None:
        """Give a waiting job a new priority: cancel, then push afresh, so it goes behind the
        jobs already waiting at its new priority; O(log n) amortised."""
        validate.number("priority", priority)
        self.cancel(name)
        self._add(name, priority)

    def _waiting(self, name) -> None:
        if validate.hashable("name", name) not in self._entry:
            raise ValueError(f"name {name!r} is not waiting")

    def _add(self, name, priority) -> None:
        entry = [priority, next(self._seq), name, True]  # the counter keeps ties FIFO
        self._entry[name] = entry
        heapq.heappush(self._heap, entry)

    def peek(self) -> tuple:
        """`(priority, name)` of the best waiting job without removing it; O(log n) amortised."""
        self._drop_dead_front()
        if not self._heap:
            raise IndexError("peek at an empty ReadyQueue")
        priority, _, name, _ = self._heap[0]
        return priority, name

    def pop(self) -> tuple:
        """Remove and return `(priority, name)` of the best waiting job; O(log n) amortised."""
        self._drop_dead_front()
        if not self._heap:
            raise IndexError("pop from an empty ReadyQueue")
        priority, _, name, _ = heapq.heappop(self._heap)
        del self._entry[name]
        return priority, name

    def _drop_dead_front(self) -> None:
        while self._heap and not self._heap[0][3]:
            heapq.heappop(self._heap)
            self.dead -= 1

    def _compact(self) -> None:
        self._heap = [entry for entry in self._heap if entry[3]]
        heapq.heapify(self._heap)
        self.dead = 0

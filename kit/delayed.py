"""A delayed queue: items wait in a min-heap keyed on their run-at time.

An item scheduled for `at` is due once `now >= at`. Equal run-at times come out in the order they
were scheduled, because every heap entry is `(at, seq, item)` and the counter breaks the tie (so two
items are never compared with each other).

Cancel and reschedule use lazy deletion. Removing an entry from the middle of a heap is O(n), so
instead the queue remembers which entry is current for each item (`item -> seq`). Cancelling forgets
that; rescheduling pushes a fresh entry and points at it. Entries nobody points at are skipped when
they reach the top of the heap. Each entry is pushed once and popped once.
"""

import heapq
import itertools

from kit import validate


class DelayedQueue:
    """Items that become due at a run-at time; cancel and reschedule in O(1) by lazy deletion."""

    def __init__(self):
        self._heap: list[tuple] = []  # (at, seq, item); some entries may be stale
        self._live: dict = {}  # item -> (seq, at) of its one current entry
        self._seq = itertools.count()  # ties on `at` come out FIFO

    def schedule(self, item, at) -> None:
        """Make `item` due at time `at`. Cost O(log n).

        An item can be scheduled once at a time; use `reschedule` to move it.
        """
        validate.hashable("item", item)
        validate.number("at", at)  # a NaN or infinite time would never order in the heap
        if item in self._live:
            raise ValueError(f"item {item!r} is already scheduled (at {self._live[item][1]!r}); "
                             "use reschedule() to move it")
        self._push(item, at)

    def reschedule(self, item, at) -> None:
        """Move a scheduled `item` to `at`: push a new entry, the old one goes stale. O(log n)."""
        validate.hashable("item", item)
        validate.number("at", at)  # a NaN or infinite time would never order in the heap
        if item not in self._live:
            raise ValueError(f"item {item!r} is not scheduled; use schedule() first")
        self._push(item, at)

    def cancel(self, item) -> bool:
        """Forget `item` (its heap entry goes stale). True if it was scheduled. O(1)."""
        validate.hashable("item", item)
        return self._live.pop(item, None) is not None

    def pop_due(self, now) -> list:
        """Remove and return every item with `now >= at`, earliest first, ties in scheduling order.

        Cost O((k + s) log n) for k due items and s stale entries met on the way; each stale entry
        is paid for once, by the cancel or reschedule that created it.
        """
        validate.number("now", now)
        due = []
        while self._heap and self._heap[0][0] <= now:
            at, seq, item = heapq.heappop(self._heap)
            if self._is_current(item, seq):
                del self._live[item]
                due.append(item)
        return due

    def next_time(self):
        """The earliest run-at time of a live item, or None when empty. Amortised O(log n)."""
        self._drop_stale_top()
        return self._heap[0][0] if self._heap else None

    def when(self, item):
        """The run-at time of a scheduled `item`, or None if it is not scheduled. O(1)."""
        validate.hashable("item", item)
        entry = self._live.get(item)
        return None if entry is None else entry[1]

    @property
    def stale_entries(self) -> int:
        """Heap entries left behind by cancel/reschedule that have not been popped yet."""
        return len(self._heap) - len(self._live)

    def __len__(self) -> int:
        return len(self._live)

    def __contains__(self, item) -> bool:
        return validate.is_hashable(item) and item in self._live

    def __repr__(self) -> str:
        return f"DelayedQueue(live={len(self._live)}, stale={self.stale_entries})"

    # -- internals -------------------------------------------------------------------------

    def _push(self, item, at) -> None:
        seq = next(self._seq)
        self._live[item] = (seq, at)
        heapq.heappush(self._heap, (at, seq, item))

    def _is_current(self, item, seq) -> bool:
        entry = self._live.get(item)
        return entry is not None and entry[0] == seq

    def _drop_stale_top(self) -> None:
        heap = self._heap
        while heap and not self._is_current(heap[0][2], heap[0][1]):
            heapq.heappop(heap)

"""q6 of 09_dependency_scheduler: `Heap(before)` with a hand-written sift-up and sift-down,
replayed against heapq after every step with the calls of `before` counted."""

import functools
import heapq

import pytest

from kit.exercises import dependency_scheduler as ex

q6 = ex.q6


def test_the_answer_passes_and_each_pitfall_is_named():
    assert q6.check(ex.Heap)
    for pitfall in q6.pitfalls:
        result = q6.check(pitfall.answer)
        assert not result and result.pitfall is pitfall, (pitfall.name, repr(result))


# -- right answers written differently ---------------------------------------------------------

class OneBased:
    """Index 1 is the root (a dummy in slot 0): parent i // 2, children 2i and 2i + 1."""

    def __init__(self, before):
        self.before, self.a = before, [None]

    def __len__(self):
        return len(self.a) - 1

    def push(self, item):
        self.a.append(item)
        i = len(self.a) - 1
        while i > 1 and self.before(self.a[i], self.a[i // 2]):
            self.a[i], self.a[i // 2] = self.a[i // 2], self.a[i]
            i //= 2

    def peek(self):
        if len(self.a) == 1:
            raise IndexError("empty")
        return self.a[1]

    def pop(self):
        if len(self.a) == 1:
            raise IndexError("empty")
        top = self.a[1]
        self.a[1] = self.a[-1]
        self.a.pop()
        self._sink(1)
        return top

    def _sink(self, i):  # recursive, for a change
        n, best = len(self.a) - 1, i
        for c in (2 * i, 2 * i + 1):
            if c <= n and self.before(self.a[c], self.a[best]):
                best = c
        if best != i:
            self.a[i], self.a[best] = self.a[best], self.a[i]
            self._sink(best)


class HeapqWrapped:
    """heapq over wrappers whose `<` is the rule: allowed, and within the same budget (heapq
    only ever asks `<`, once per comparison)."""

    def __init__(self, before):
        class Entry:
            __slots__ = ("item",)

            def __init__(self, item):
                self.item = item

            def __lt__(self, other):
                return before(self.item, other.item)

        self.entry, self.h = Entry, []

    def __len__(self):
        return len(self.h)

    def push(self, item):
        heapq.heappush(self.h, self.entry(item))

    def peek(self):
        return self.h[0].item

    def pop(self):
        return heapq.heappop(self.h).item


@pytest.mark.parametrize("answer", [OneBased, HeapqWrapped], ids=lambda c: c.__name__)
def test_right_answers_written_differently_pass(answer):
    result = q6.check(answer)
    assert result, repr(result)


# -- wrong answers nobody declared -------------------------------------------------------------

class ScanForTheBest(ex.Heap):
    """Right answers, found by a scan: n calls of before per pop."""

    def push(self, item):
        self.items.append(item)

    def pop(self):
        best = 0
        for i in range(1, len(self.items)):
            if self.before(self.items[i], self.items[best]):
                best = i
        return self.items.pop(best)

    def peek(self):
        best = self.items[0]
        for x in self.items[1:]:
            if self.before(x, best):
                best = x
        return best


class SortEveryPush(ex.Heap):
    def push(self, item):
        self.items.append(item)
        self.items.sort(key=functools.cmp_to_key(
            lambda x, y: -1 if self.before(x, y) else 1 if self.before(y, x) else 0))

    def pop(self):
        return self.items.pop(0)


class ComparesWithLessThan(ex.Heap):
    def push(self, item):
        heapq.heappush(self.items, item)

    def pop(self):
        return heapq.heappop(self.items)


class PeekThatPops(ex.Heap):
    def peek(self):
        return self.pop()


class PopReturnsTheLastLeaf(ex.Heap):
    def pop(self):
        top = super().pop()
        return top if not self.items else self.items[-1]


@pytest.mark.parametrize("answer", [ScanForTheBest, SortEveryPush, ComparesWithLessThan,
                                    PeekThatPops, PopReturnsTheLastLeaf],
                         ids=lambda c: c.__name__)
def test_undeclared_wrong_answers_fail(answer):
    result = q6.check(answer)
    assert not result, f"{answer.__name__} passed"


def test_a_scan_is_too_slow_not_wrong():
    result = q6.check(ScanForTheBest)
    assert result.status == "too slow" and "root-to-leaf" in result.error


def test_the_budget_is_one_walk():
    assert [ex.height(n) for n in (1, 2, 3, 4, 7, 8)] == [0, 1, 1, 2, 2, 3]
    assert ex.sift_budget("push", 3) == 2 and ex.sift_budget("pop", 3) == 2
    assert ex.sift_budget("pop", 1) == 0 and ex.sift_budget("len", 9) == 0

"""q6 of 07_concurrent_scheduler: reprioritise a waiting job by lazy re-insert with a version
check, replayed against a plain model after every step, comparisons counted."""

import heapq
import itertools

import pytest
from hypothesis import given, settings

from kit.exercises import concurrent_scheduler as ex

q6 = ex.q6


def test_the_answer_passes_and_each_pitfall_is_named():
    assert q6.check(ex.Reprioritisable)
    for pitfall in q6.pitfalls:
        result = q6.check(pitfall.answer)
        assert not result and result.pitfall is pitfall, (pitfall.name, repr(result))


class IndexedHeap:
    """Right, written differently: an indexed heap that sifts the changed entry in place."""

    def __init__(self):
        self.a, self.at, self.seq = [], {}, itertools.count()

    def __len__(self):
        return len(self.a)

    def _swap(self, i, j):
        self.a[i], self.a[j] = self.a[j], self.a[i]
        self.at[self.a[i][2]], self.at[self.a[j][2]] = i, j

    def _up(self, i):
        while i and self.a[i] < self.a[(i - 1) // 2]:
            self._swap(i, (i - 1) // 2)
            i = (i - 1) // 2

    def _down(self, i):
        while True:
            c = min((k for k in (2 * i + 1, 2 * i + 2) if k < len(self.a)),
                    key=lambda k: self.a[k], default=None)
            if c is None or not self.a[c] < self.a[i]:
                return
            self._swap(i, c)
            i = c

    def push(self, name, priority):
        self.a.append((priority, next(self.seq), name))
        self.at[name] = len(self.a) - 1
        self._up(len(self.a) - 1)

    def reprioritise(self, name, priority):
        if name not in self.at:
            return False
        i = self.at[name]
        self.a[i] = (priority, next(self.seq), name)
        self._up(i)
        self._down(self.at[name])
        return True

    def pop(self):
        if not self.a:
            return None
        self._swap(0, len(self.a) - 1)
        name = self.a.pop()[2]
        del self.at[name]
        if self.a:
            self._down(0)
        return name


def test_an_indexed_heap_passes():
    assert q6.check(IndexedHeap), repr(q6.check(IndexedHeap))


class PopsStaleAtOldPriority(ex.Reprioritisable):
    """Skips dead entries only when the name is gone entirely."""

    def pop(self):
        while self.heap:
            _, _, name = heapq.heappop(self.heap)
            if name in self.current:
                del self.current[name]
                return name
        return None


class RaisesOnEmpty(ex.Reprioritisable):
    def pop(self):
        if not self.current:
            raise IndexError("empty")
        return super().pop()


class ReprioritiseReturnsNone(ex.Reprioritisable):
    def reprioritise(self, name, priority):
        super().reprioritise(name, priority)


@pytest.mark.parametrize("answer", [PopsStaleAtOldPriority, RaisesOnEmpty,
                                    ReprioritiseReturnsNone, ex._ScanToChange],
                         ids=lambda c: c.__name__)
def test_undeclared_wrong_answers_fail(answer):
    assert not q6.check(answer), f"{answer.__name__} passed"


def test_a_scan_per_change_is_too_slow():
    result = q6.check(ex._ScanToChange)
    assert result.status == "too slow" and "comparisons" in result.error


@settings(max_examples=300, deadline=None)
@given(ex._reprio_programs())
def test_the_answer_agrees_with_the_plain_model_after_every_step(case):
    assert ex.reprio_run(ex.Reprioritisable, case) == ex.reprio_run(ex._Model, case)


def test_the_plain_model_is_right_but_too_slow():
    popped, within = ex.reprio_run(ex._Model, (ex.REPRIO_STRESS,))
    assert popped == ex.reprio_run(ex.Reprioritisable, (ex.REPRIO_STRESS,))[0]
    assert within is not True and sum(within) > ex.REPRIO_BUDGET  # the comparisons per phase


def test_too_slow_says_which_calls_compared_too_much():
    result = q6.check(ex._ScanToChange)
    assert "the 500 reprioritises" in result.error and "a call" in result.error

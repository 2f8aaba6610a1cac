"""The one cost meter: metered values count the operations made on them, a Meter reads them."""

import functools
import heapq

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.checks.meter import Int, Meter, OverBudget, Str, measure


@functools.total_ordering
class Naive:
    """A value that counts its own comparisons in a plain list: the model to agree with."""

    def __init__(self, value, seen):
        self.value, self.seen = value, seen

    def __lt__(self, other):
        self.seen.append(1)
        return self.value < other.value

    def __eq__(self, other):
        self.seen.append(1)
        return self.value == other.value


@given(st.lists(st.integers(-50, 50), max_size=40))
def test_sorting_and_a_heap_count_what_a_naive_counter_counts(xs):
    seen = []
    expected = sorted(Naive(x, seen) for x in xs)
    with Meter() as m:
        got = sorted(Int(x) for x in xs)
    assert got == [n.value for n in expected] and m.count == len(seen)
    seen.clear()
    heap = []
    for x in xs:
        heapq.heappush(heap, Naive(x, seen))
    with Meter() as m:
        heap2 = []
        for x in xs:
            heapq.heappush(heap2, Int(x))
    assert m.count == len(seen)


def test_arithmetic_keeps_a_metered_int_and_other_types_are_left_alone():
    with Meter() as m:
        d = Int(5)
        for derived in (-d, +d, abs(d), d + 1, 1 + d, d - 1, 1 - d, 2 * d, d * 2):
            assert type(derived) is Int
        assert (-d < 0, d + 0.5, type(d + 0.5), d / 2) == (True, 5.5, float, 2.5)
    assert m.count == 1  # only -d < 0 compared; arithmetic is not counted
    assert (Int(3), hash(Int(3)), {Int(3): "x"}[3]) == (3, hash(3), "x")


def test_a_name_counts_equality_tests_as_a_search_makes_them():
    names = [Str(f"job{i}") for i in range(50)]
    with Meter() as m:
        assert names.index("job49") == 49
    assert m.count == 50


def test_past_the_limit_the_run_stops_at_once_and_the_answer_cannot_catch_it():
    def scan():
        try:
            return sorted(Int(x) for x in range(1000, 0, -1))
        except Exception:  # a learner's blanket except: OverBudget goes through it
            return "swallowed"

    value, m = measure(scan, limit=100)
    assert value is None and m.over and m.count == 101
    with Meter(limit=100) as m:
        sorted(Int(x) for x in range(1000, 0, -1))
        pytest.fail("the block goes on past the limit")  # pragma: no cover
    assert m.over
    value, m = measure(lambda: sorted(Int(x) for x in range(10)), limit=100)
    assert value == list(range(10)) and not m.over
    with pytest.raises(OverBudget), Meter(limit=0):
        raise OverBudget  # raised by someone else's meter: not swallowed


def test_alive_counts_the_ints_still_held_and_nothing_counts_without_a_meter():
    with Meter() as m:
        kept = [Int(i) for i in range(10)]
        [Int(i) for i in range(100)]  # made and dropped at once
        assert m.alive == 10
        del kept
        assert m.alive == 0
    assert Int(1) < Int(2) and m.count == 0  # counted by no one after the block
    with Meter() as outer:
        with Meter() as inner:
            assert Int(1) < Int(2)
        assert Int(1) < Int(2)
    assert (inner.count, outer.count) == (1, 1)


@pytest.mark.parametrize("limit", [-1, "10", None, True])
def test_a_bad_limit_is_named(limit):
    with pytest.raises(ValueError, match=f"limit must be a number >= 0, got {limit!r}"):
        Meter(limit)

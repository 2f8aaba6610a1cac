"""DelayedQueue: due when now >= at, ties FIFO, cancel and reschedule by lazy deletion."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.delayed import DelayedQueue

FAST = settings(max_examples=300, deadline=None, derandomize=True, database=None)


def test_due_exactly_at_run_at_not_before():
    q = DelayedQueue()
    q.schedule("x", 5)
    assert q.pop_due(4) == [] and q.pop_due(4.999) == []
    assert q.pop_due(5) == ["x"]
    assert q.pop_due(100) == [] and len(q) == 0


def test_ties_come_out_in_scheduling_order_and_items_are_never_compared():
    q = DelayedQueue()
    items = ["x", 3, "b", (1, 2), None]  # mixed types: comparing would raise
    for it in items:
        q.schedule(it, 2)
    assert q.pop_due(2) == items


def test_earliest_first():
    q = DelayedQueue()
    for item, at in [("c", 3), ("a", 1), ("b", 2)]:
        q.schedule(item, at)
    assert q.next_time() == 1
    assert q.pop_due(10) == ["a", "b", "c"]
    assert q.next_time() is None


def test_cancel_is_lazy_and_skipped_on_pop():
    q = DelayedQueue()
    q.schedule("a", 1)
    q.schedule("b", 2)
    assert q.cancel("a") is True
    assert q.cancel("a") is False and q.cancel("never") is False
    assert "a" not in q and len(q) == 1
    assert q.stale_entries == 1  # still in the heap, skipped later
    assert q.next_time() == 2  # the stale top was dropped
    assert q.stale_entries == 0
    assert q.pop_due(5) == ["b"]


def test_reschedule_moves_an_item_later_or_earlier():
    q = DelayedQueue()
    q.schedule("a", 1)
    q.schedule("b", 2)
    q.reschedule("a", 3)
    assert q.when("a") == 3 and q.stale_entries == 1
    assert q.pop_due(2) == ["b"]
    assert q.pop_due(3) == ["a"]
    q.schedule("c", 9)
    q.reschedule("c", 0)
    assert q.pop_due(0) == ["c"] and q.pop_due(10) == []


def test_reschedule_to_the_same_time_goes_to_the_back_of_the_tie():
    q = DelayedQueue()
    q.schedule("a", 1)
    q.schedule("b", 1)
    q.reschedule("a", 1)
    assert q.pop_due(1) == ["b", "a"]


def test_an_item_can_be_scheduled_again_after_it_was_popped_or_cancelled():
    q = DelayedQueue()
    q.schedule("a", 1)
    assert q.pop_due(1) == ["a"]
    q.schedule("a", 2)
    q.cancel("a")
    q.schedule("a", 3)
    assert q.pop_due(10) == ["a"]


def test_bad_input():
    q = DelayedQueue()
    q.schedule("a", 1)
    with pytest.raises(ValueError, match=r"item 'a' is already scheduled \(at 1\)"):
        q.schedule("a", 2)
    with pytest.raises(ValueError, match="item 'zzz' is not scheduled"):
        q.reschedule("zzz", 2)
    with pytest.raises(TypeError, match=r"item must be hashable, got \[1\]"):
        q.schedule([1], 2)
    with pytest.raises(TypeError, match=r"item must be hashable, got \[1\]"):
        q.cancel([1])
    with pytest.raises(TypeError, match=r"item must be hashable, got \{\}"):
        q.when({})
    with pytest.raises(TypeError, match="at must be a number, got 'soon'"):
        q.schedule("b", "soon")
    with pytest.raises(TypeError, match="at must be a number, got True"):
        q.schedule("b", True)
    with pytest.raises(ValueError, match="at must be finite, got nan"):
        q.reschedule("a", float("nan"))
    with pytest.raises(ValueError, match="at must be finite, got inf"):
        q.schedule("b", float("inf"))
    with pytest.raises(TypeError, match="now must be a number, got None"):
        q.pop_due(None)
    assert [1] not in q  # unhashable: simply not there
    assert q.when("a") == 1 and q.when("b") is None


ops = st.lists(st.tuples(st.sampled_from(["schedule", "cancel", "reschedule", "pop"]),
                         st.integers(0, 5), st.integers(0, 20)), max_size=60)


@FAST
@given(ops)
def test_matches_a_sorted_list_model(program):
    """The model keeps (at, order, item) in a plain list and sorts it; cancel really removes."""
    q, model, order = DelayedQueue(), [], 0
    for op, item, t in program:
        present = any(m[2] == item for m in model)
        if op == "schedule" and not present or op == "reschedule" and present:
            model = [m for m in model if m[2] != item]
            order += 1
            model.append((t, order, item))
            (q.schedule if op == "schedule" else q.reschedule)(item, t)
        elif op in ("schedule", "reschedule"):
            with pytest.raises(ValueError, match=f"item {item!r} is "):
                (q.schedule if op == "schedule" else q.reschedule)(item, t)
        elif op == "cancel":
            assert q.cancel(item) is present
            model = [m for m in model if m[2] != item]
        elif op == "pop":
            model.sort()
            want = [m[2] for m in model if m[0] <= t]
            model = [m for m in model if m[0] > t]
            assert q.pop_due(t) == want
        assert len(q) == len(model)
        assert q.next_time() == (min(m[0] for m in model) if model else None)
        assert all(q.when(m[2]) == m[0] for m in model)
        assert q.stale_entries >= 0

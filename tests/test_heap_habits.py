import heapq
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.heap_habits import (
    PUSH_EXAMPLE,
    TIE_EXAMPLE,
    WAIT_EXAMPLE,
    ReadyQueue,
    average_wait,
    heap_height,
    is_heap,
    pop_order,
    push_all,
    top_k_longest,
)

# ---------------------------------------------------------------- the seed's facts


def test_a_heap_is_not_a_sorted_list():
    assert PUSH_EXAMPLE == (5, 3, 8, 1, 4)
    assert push_all(PUSH_EXAMPLE) == [1, 3, 8, 5, 4]
    assert sorted(PUSH_EXAMPLE) == [1, 3, 4, 5, 8]
    assert is_heap([1, 3, 8, 5, 4]) and not is_heap([3, 1])


def test_list_remove_breaks_a_heap_the_notebook_example():
    heap = push_all([1, 2, 4, 5, 3, 6])
    heap.remove(2)  # the list shifts: 3 now sits under 4
    assert heap == [1, 4, 5, 3, 6] and not is_heap(heap)
    assert [heapq.heappop(heap) for _ in range(5)] == [1, 4, 3, 5, 6]  # 4 before 3


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=2, max_size=12), st.data())
def test_lazy_deletion_pops_what_remove_and_sort_would(values, data):
    """The ReadyQueue's cancel never breaks the order, whatever is cancelled."""
    q = ReadyQueue()
    for i, v in enumerate(values):
        q.push(i, v)
    gone = data.draw(st.sets(st.integers(0, len(values) - 1)))
    for i in gone:
        q.cancel(i)
    kept = sorted((v, i) for i, v in enumerate(values) if i not in gone)
    assert [q.pop() for _ in range(len(q))] == kept


def test_a_million_item_heap_has_height_19():
    assert heap_height(1_000_000) == 19
    assert [heap_height(n) for n in (1, 2, 3, 4, 7, 8)] == [0, 1, 1, 2, 2, 3]


def test_counter_tie_break_keeps_arrival_order():
    assert TIE_EXAMPLE == ("z", "y", "x")
    assert pop_order(TIE_EXAMPLE, tie_break="name") == ["x", "y", "z"]
    assert pop_order(TIE_EXAMPLE, tie_break="counter") == ["z", "y", "x"]


def test_counter_tie_break_never_compares_the_items():
    class Job:  # no ordering defined
        pass
    jobs = [Job(), Job(), Job()]
    assert pop_order(jobs) == jobs
    with pytest.raises(TypeError):
        pop_order(jobs, tie_break="name")


def test_fcfs_vs_sjf_average_wait():
    assert WAIT_EXAMPLE == (6, 8, 7, 3)
    assert average_wait(WAIT_EXAMPLE, "fcfs") == 10.25
    assert average_wait(WAIT_EXAMPLE, "sjf") == 7


# ---------------------------------------------------------------- properties vs naive models


def naive_push_all(values):
    heap = []
    for v in values:  # sift up by hand
        heap.append(v)
        i = len(heap) - 1
        while i and heap[(i - 1) // 2] > heap[i]:
            heap[(i - 1) // 2], heap[i] = heap[i], heap[(i - 1) // 2]
            i = (i - 1) // 2
    return heap


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-50, 50), max_size=30))
def test_push_all_matches_a_hand_written_sift_up(values):
    heap = push_all(values)
    assert heap == naive_push_all(values)
    assert is_heap(heap)
    assert sorted(heap) == sorted(values)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 5), max_size=12))
def test_is_heap_matches_the_children_definition(values):
    expected = all(values[i] <= values[c] for i in range(len(values))
                   for c in (2 * i + 1, 2 * i + 2) if c < len(values))
    assert is_heap(values) == expected


@given(st.integers(1, 10**7))
def test_heap_height_is_the_depth_of_the_last_index(n):
    depth, i = 0, n - 1
    while i:
        i, depth = (i - 1) // 2, depth + 1
    assert heap_height(n) == depth


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 99), max_size=20), st.integers(0, 2))
def test_ties_pop_in_arrival_order_with_a_counter_and_name_order_without(names, priority):
    assert pop_order(names, priority) == names
    assert pop_order(names, priority, "name") == sorted(names)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("abcdefgh"), st.integers(0, 5)), max_size=25),
       st.integers(0, 30))
def test_top_k_longest_matches_a_stable_sort(pairs, k):
    expected = sorted(pairs, key=lambda p: -p[1])[:k]  # stable: equal durations keep input order
    assert top_k_longest(pairs, k) == expected


def test_top_k_longest_from_a_dict():
    durations = {"a": 3, "b": 5, "c": 3, "d": 1, "e": 5}
    assert top_k_longest(durations, 3) == [("b", 5), ("e", 5), ("a", 3)]
    assert top_k_longest(durations, 0) == []
    assert top_k_longest(durations, 10) == [("b", 5), ("e", 5), ("a", 3), ("c", 3), ("d", 1)]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 20), min_size=1, max_size=6))
def test_sjf_gives_the_least_average_wait_of_all_orders(lengths):
    def wait(order):
        return sum(sum(order[:i]) for i in range(len(order))) / len(order)
    assert average_wait(lengths, "fcfs") == wait(lengths)
    assert average_wait(lengths, "sjf") == min(wait(p) for p in itertools.permutations(lengths))


# ---------------------------------------------------------------- lazy deletion


def test_cancel_and_reprioritise():
    q = ReadyQueue()
    for name, priority in [("a", 2), ("b", 1), ("c", 2), ("d", 3)]:
        q.push(name, priority)
    q.cancel("b")
    q.reprioritise("d", 2)  # goes behind a and c, which were already waiting at 2
    assert "b" not in q and len(q) == 3
    assert q.peek() == (2, "a")
    assert [q.pop() for _ in range(3)] == [(2, "a"), (2, "c"), (2, "d")]
    with pytest.raises(IndexError, match="empty"):
        q.pop()
    with pytest.raises(IndexError, match="empty"):
        q.peek()


def test_dead_entries_are_compacted_away():
    q = ReadyQueue()
    for i in range(10):
        q.push(i, i)
    for i in range(6):
        q.cancel(i)
    assert q.dead == 0  # 6 dead > 4 live triggered a rebuild
    assert len(q._heap) == len(q) == 4


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["push", "cancel", "re", "pop"]),
                          st.integers(0, 5), st.integers(0, 3)), max_size=40))
def test_ready_queue_matches_a_naive_model(ops):
    q, model, seq = ReadyQueue(), {}, itertools.count()  # model: name -> (priority, seq)
    for op, name, priority in ops:
        if op == "push" and name not in model:
            q.push(name, priority)
            model[name] = (priority, next(seq))
        elif op == "cancel" and name in model:
            q.cancel(name)
            del model[name]
        elif op == "re" and name in model:
            q.reprioritise(name, priority)
            model[name] = (priority, next(seq))
        elif op == "pop" and model:
            best = min(model, key=model.__getitem__)
            assert q.pop() == (model.pop(best)[0], best)
        assert len(q) == len(model)
        assert q.dead <= len(q._heap)
    while model:
        best = min(model, key=model.__getitem__)
        assert q.pop() == (model.pop(best)[0], best)


# ---------------------------------------------------------------- bad input


def test_ready_queue_bad_input():
    q = ReadyQueue()
    q.push("a", 1)
    with pytest.raises(ValueError, match="name 'a' is already waiting"):
        q.push("a", 2)
    with pytest.raises(ValueError, match="name 'zz' is not waiting"):
        q.cancel("zz")
    with pytest.raises(ValueError, match="name 'zz' is not waiting"):
        q.reprioritise("zz", 1)
    with pytest.raises(TypeError, match="priority must be a number, got 'high'"):
        q.push("b", "high")
    with pytest.raises(TypeError, match="priority must be a number, got None"):
        q.reprioritise("a", None)
    with pytest.raises(ValueError, match="priority must be finite, got nan"):
        q.push("b", float("nan"))
    assert len(q) == 1 and q.pop() == (1, "a")


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: heap_height(0), ValueError, "n must be >= 1.*got 0"),
    (lambda: heap_height(2.0), TypeError, "n must be an int, got 2.0"),
    (lambda: pop_order("ab", tie_break="random"), ValueError, "tie_break.*got 'random'"),
    (lambda: top_k_longest({"a": 1}, -1), ValueError, "k must be >= 0, got -1"),
    (lambda: top_k_longest({"a": 1}, 1.5), TypeError, "k must be an int, got 1.5"),
    (lambda: top_k_longest({"a": "x"}, 1), TypeError, r"durations\['a'\] must be a number"),
    (lambda: top_k_longest({"a": float("nan")}, 1), ValueError,
     r"durations\['a'\] must be finite, got nan"),
    (lambda: ReadyQueue().push(["x"], 1), TypeError, r"name must be hashable, got \['x'\]"),
    (lambda: top_k_longest([3, 4], 1), TypeError, "durations must hold .* pairs, got 3"),
    (lambda: average_wait([1, 2], "lifo"), ValueError, "order must be .* got 'lifo'"),
    (lambda: average_wait([]), ValueError, "lengths must not be empty"),
    (lambda: average_wait([1, -2]), ValueError, r"lengths\[1\] must be >= 0, got -2"),
    (lambda: average_wait([1, "2"]), TypeError, r"lengths\[1\] must be a number, got '2'"),
])
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()

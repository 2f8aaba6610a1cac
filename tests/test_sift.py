"""kit.sift: the heap's loops step by step, against heapq; and its explorer."""

import heapq

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.sift import sift_steps


@given(st.lists(st.one_of(st.integers(-5, 5), st.none()), max_size=20))
def test_every_state_ends_where_heapq_ends(ops):
    ref, popped = [], []
    for op in ops:
        if op is None:
            if ref:
                popped.append(heapq.heappop(ref))
        else:
            heapq.heappush(ref, op)
    last = sift_steps(ops)[-1].heap
    assert sorted(last) == sorted(ref) and (not last or last[0] == ref[0])
    assert all(last[(i - 1) // 2] <= last[i] for i in range(1, len(last)))


def test_the_push_example_climbs_as_the_notebook_says():
    says = [s.says for s in sift_steps([5, 3, 8, 1, 4])]
    assert "1 climbs above 3" in says and sift_steps([5, 3, 8, 1, 4])[-1].heap == (1, 3, 8, 5, 4)


def test_bad_input_names_the_argument():
    with pytest.raises(TypeError, match="ops must be a list"):
        sift_steps("5 3")
    with pytest.raises(TypeError, match="a pushed value must be a number, got 'x'"):
        sift_steps(["x"])


def test_the_explorer_walks_the_steps():
    from kit.widgets.sift import SiftExplorer, parse_ops
    assert parse_ops("5, 3 pop x") == [5, 3, None]
    e = SiftExplorer("5 3 pop")
    assert e.step.max == len(sift_steps([5, 3, None])) - 1
    e.step.value = e.step.max
    assert e.lines[0].startswith(f"step {e.step.max}:")
    e.ops.value = "1"
    assert e.step.max == 1 and "push 1" in e._repr_mimebundle_()["text/plain"]

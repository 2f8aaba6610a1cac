"""The two loops of a binary heap, one step at a time: what an explorer (and a learner) watches.

A push appends the item as the last leaf and swaps it with its parent while it is smaller (sift-up,
at most floor(log2 n) swaps). A pop takes the root, moves the last leaf into its place and swaps it
with its smaller child while that child is smaller (sift-down, two comparisons per level). The
list is the tree: the children of index i sit at 2i + 1 and 2i + 2.

`sift_steps(ops)` replays pushes (numbers) and pops (None) on plain numbers and returns every state
with a sentence saying what just happened, so nothing is computed twice: the explorer only draws.
"""

from typing import NamedTuple

from kit import validate


class SiftStep(NamedTuple):
    heap: tuple  # the list after this step
    focus: tuple  # the indices this step compared or swapped
    says: str


def sift_steps(ops) -> list[SiftStep]:
    """Every comparison and swap of the pushes (a number) and pops (None) in `ops`, in order."""
    if not isinstance(ops, list | tuple):
        raise TypeError(f"ops must be a list of numbers (push) and None (pop), got {ops!r}")
    a: list = []
    steps = [SiftStep((), (), "an empty heap")]
    for op in ops:
        if op is None:
            if not a:
                steps.append(SiftStep((), (), "pop of an empty heap: nothing to take"))
                continue
            top, last = a[0], a.pop()
            if not a:
                steps.append(SiftStep((), (), f"pop {top}: the heap is now empty"))
                continue
            a[0] = last
            steps.append(SiftStep(tuple(a), (0,),
                                  f"pop {top}: the last leaf {last} moves to the root"))
            i = 0
            while 2 * i + 1 < len(a):
                child = 2 * i + 1
                if child + 1 < len(a) and a[child + 1] < a[child]:
                    child += 1
                if not a[child] < a[i]:
                    steps.append(SiftStep(tuple(a), (i, child), f"{a[i]} is no larger than its "
                                      f"smaller child {a[child]}: it stays"))
                    break
                a[i], a[child] = a[child], a[i]
                steps.append(SiftStep(tuple(a), (i, child), f"{a[child]} sinks below its smaller "
                                  f"child {a[i]}"))
                i = child
        else:
            validate.number("a pushed value", op)
            a.append(op)
            i = len(a) - 1
            steps.append(SiftStep(tuple(a), (i,), f"push {op}: a new last leaf at index {i}"))
            while i > 0:
                parent = (i - 1) // 2
                if not a[i] < a[parent]:
                    steps.append(SiftStep(tuple(a), (i, parent), f"{a[i]} is no smaller than its "
                                      f"parent {a[parent]}: it stays"))
                    break
                a[i], a[parent] = a[parent], a[i]
                steps.append(SiftStep(tuple(a), (parent, i), f"{a[parent]} climbs above {a[i]}"))
                i = parent
    return steps

"""An answer that hands back an object it was given, or one it keeps between calls, where its
statement promises a new one.

A caller who keeps its own list and the answer would see one change with the other. Identity
does not cross the grader's wire (there, a copy of the caller's list looks right), so the run
that sees it reports a plain record, `GivenBack`, in place of the value, and the engine judges
that record a failure whose reason names the argument: one rule for every exercise that
promises a new object. The same holds across calls: a result built in one list kept at module
level (refilled, or cached) changes under a caller who kept an earlier one; the engine keeps
each answer's last result and reports `Reused` when a new one shares a list, dict or set with
it (`shared_with`)."""

import copy
from collections import deque
from collections.abc import Callable, Sequence
from typing import NamedTuple

MUTABLE = (list, dict, set, bytearray, deque)
_WALK_LIMIT = 100_000  # containers looked at per result: linear, bounded


class GivenBack(NamedTuple):
    """What a run reports when (part of) the answer's result is one of its arguments."""

    argument: str  # the argument's name
    part: str  # "" for the result itself, else the part of it that was given back
    value: object  # a copy of what it held

    def __repr__(self) -> str:  # what the failure shows as "got"
        where = f"{self.part}: " if self.part else ""
        return f"{where}the {type(self.value).__name__} `{self.argument}` itself ({self.value!r})"

    def why(self) -> str:
        kind = type(self.value).__name__
        where = f"its {self.part} is" if self.part else "it returned"
        return (f"{where} the very {kind} `{self.argument}` it was given (the same object, not a "
                f"copy): return a new {kind}, even when nothing in it changes")


def given_back(result, case: tuple, arg_names: Sequence[str], part: str = "",
               of: Callable = lambda result: result):
    """`result`, or a GivenBack when `of(result)` (the part named `part`; default the result
    itself) is one of the case's arguments, the very object."""
    inner = of(result)
    for name, arg in zip(arg_names, case, strict=False):
        if inner is arg:
            return GivenBack(name, part, type(inner)(inner))
    return result


class Reused(NamedTuple):
    """What a run reports when the answer's result shares a list, dict or set with the result
    of its previous call: an object it keeps between calls."""

    value: object  # a copy of the shared container, as this call left it

    def __repr__(self) -> str:
        return f"the {type(self.value).__name__} an earlier call returned, again ({self.value!r})"

    def why(self) -> str:
        kind = type(self.value).__name__
        return (f"it returned a {kind} that an earlier call had returned too (one {kind} kept "
                f"between calls, refilled or cached): a caller who kept the earlier result "
                f"sees it change. Build a new {kind} on every call")


def mutable_parts(value) -> dict[int, object]:
    """The lists, dicts, sets (and deques, bytearrays) inside `value`, by id, walked through
    tuples and containers; at most _WALK_LIMIT of them."""
    found, todo = {}, [value]
    while todo and len(found) < _WALK_LIMIT:
        v = todo.pop()
        if isinstance(v, MUTABLE):
            if id(v) in found:
                continue
            found[id(v)] = v
        if isinstance(v, dict):
            todo.extend(v.keys())
            todo.extend(v.values())
        elif isinstance(v, list | tuple | set | frozenset | deque):
            todo.extend(v)
    return found


def shared_with(earlier: dict[int, object], value):
    """`value`, or a Reused naming the first container it shares with `earlier` (the
    mutable_parts of the previous result, still alive, so no id was reused)."""
    for key, part in mutable_parts(value).items():
        if key in earlier and earlier[key] is part:
            return Reused(copy.copy(part))
    return value

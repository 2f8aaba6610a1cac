"""Counting the work an answer does, for checks whose statement promises a cost (a heap, not a
scan): the check hands the answer *metered* values and counts the operations made on them.

- `Int` is an int that counts every comparison made with it (`<`, `<=`, `>`, `>=`, `==`, `!=`)
  and stays an `Int` through arithmetic (`-d`, `t + 1`, `2 * d`), so a derived key is counted too.
  Tuples such as (priority, seq, name) compare their first items with == and then <, so every
  entry comparison that reaches a metered item is counted.
- `Str` is a str that counts every equality test: searching a list or a heap for it shows up.

The operations are counted by the active `Meter`, a context that starts at zero:

    with Meter(limit=12 * n * n.bit_length()) as m:
        result = run()          # past the limit the next operation raises OverBudget,
    m.count, m.over, m.alive    # which ends the `with` block: a scan stops at once

`m.alive` is how many `Int`s were made and not yet freed while it was active: what an answer
still holds (a size-k heap holds k). With no meter active, metered values count nothing.
`measure(fn, limit)` is the same as a call: `(fn() or None when over the limit, the meter)`.
"""

import math
from collections.abc import Callable
from typing import Any


class OverBudget(BaseException):
    """Raised by a counted operation once the active meter's limit is spent. Not an Exception,
    so the answer's own `except Exception` cannot swallow it."""


_ACTIVE: list["Meter"] = []  # the innermost meter last


class Meter:
    """Counts operations on metered values while it is active (see the module docstring)."""

    def __init__(self, limit: float = math.inf):
        if not isinstance(limit, int | float) or isinstance(limit, bool) or limit < 0:
            raise ValueError(f"limit must be a number >= 0, got {limit!r}")
        self.limit = limit
        self.count = 0  # operations counted so far
        self.alive = 0  # Ints made minus Ints freed
        self.over = False  # an operation went past the limit

    def __enter__(self) -> "Meter":
        self.count, self.alive, self.over = 0, 0, False
        _ACTIVE.append(self)
        return self

    def __exit__(self, kind, value, traceback) -> bool:
        _ACTIVE.remove(self)
        return kind is OverBudget and self.over  # the run stopped at the limit: that is all

    def __repr__(self) -> str:
        return f"Meter(count={self.count}, limit={self.limit}, alive={self.alive})"


def tick() -> None:
    """Count one operation on the active meter; past its limit, raise OverBudget."""
    if _ACTIVE:
        m = _ACTIVE[-1]
        m.count += 1
        if m.count > m.limit:
            m.over = True
            raise OverBudget


def measure(fn: Callable[[], Any], limit: float = math.inf) -> tuple[Any, Meter]:
    """`(fn(), its meter)`, or `(None, its meter)` when `fn` went past `limit` operations."""
    result = None
    with Meter(limit) as m:
        result = fn()
    return (None if m.over else result), m


def _counting(op):
    def compare(self, other):
        tick()
        return op(self, other)
    compare.__name__ = op.__name__
    return compare


def _keeping(op):
    def arithmetic(self, *other):
        value = op(self, *other)
        return Int(value) if type(value) is int else value
    arithmetic.__name__ = op.__name__
    return arithmetic


class Int(int):
    """An int that counts each comparison made with it (see the module docstring)."""

    __slots__ = ()

    def __new__(cls, value=0):
        if _ACTIVE:
            _ACTIVE[-1].alive += 1
        return super().__new__(cls, value)

    def __del__(self):
        if _ACTIVE:
            _ACTIVE[-1].alive -= 1

    __hash__ = int.__hash__

    def __reduce__(self):  # copies and pickles are Ints of the same value
        return Int, (int(self),)


for _name in ("__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__"):
    setattr(Int, _name, _counting(getattr(int, _name)))
for _name in ("__neg__", "__pos__", "__abs__", "__add__", "__radd__", "__sub__", "__rsub__",
              "__mul__", "__rmul__"):
    setattr(Int, _name, _keeping(getattr(int, _name)))


class Str(str):
    """A str that counts each equality test made with it."""

    __slots__ = ()
    __eq__ = _counting(str.__eq__)
    __ne__ = _counting(str.__ne__)
    __hash__ = str.__hash__


__all__ = ["Int", "Meter", "OverBudget", "Str", "measure", "tick"]

"""Input checks, written once: each public function of the kit calls these at its door.

Every check names the argument and the bad value, raises `TypeError` for a wrong type and
`ValueError` for a value out of range, and returns the value so a call can sit in an expression:

    attempts = validate.integer("attempts", attempts, low=0)

A bool is never a number here (`True + 1 == 2`, but `priority=True` is a bug). Each check is O(1),
except `unique_names` (O(n)).
"""

import math
from collections.abc import Iterable
from numbers import Integral, Real

__all__ = ["choice", "function", "integer", "number", "hashable", "unique_names"]


def number(name: str, value, *, low: float | None = None, high: float | None = None,
           low_open: bool = False, finite: bool = True):
    """A real number (not a bool, not NaN), within [low, high] (or (low, high] when `low_open`);
    infinite only when `finite` is False."""
    if type(value) not in (int, float) and (not isinstance(value, Real) or isinstance(value, bool)):
        raise TypeError(f"{name} must be a number, got {value!r}")
    if finite and not isinstance(value, int) and not math.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value!r}")
    if value != value:  # NaN compares false with every bound, so it is refused by name
        raise ValueError(f"{name} must be a number, got {value!r}")
    if low is not None and (value < low or low_open and value == low):
        raise ValueError(f"{name} must be {'>' if low_open else '>='} {low}, got {value!r}")
    if high is not None and value > high:
        raise ValueError(f"{name} must be <= {high}, got {value!r}")
    return value


def integer(name: str, value, *, low: int | None = None, high: int | None = None):
    """An integer (not a bool), within [low, high]."""
    if not isinstance(value, Integral) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r}")
    return number(name, value, low=low, high=high)


def choice(name: str, value, choices: Iterable):
    """One of `choices` (strings, say), listed in the error when it is not."""
    options = tuple(choices)
    try:
        known = value in options
    except TypeError:  # an unhashable value compared against a set-like container
        known = False
    if not known:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, options))}, got {value!r}")
    return value


def function(name: str, value):
    """Something callable."""
    if not callable(value):
        raise TypeError(f"{name} must be callable, got {value!r}")
    return value


def hashable(name: str, value):
    """A value that can key a dict (a job id, say)."""
    try:
        hash(value)
    except TypeError:
        raise TypeError(f"{name} must be hashable, got {value!r}") from None
    return value


def unique_names(what: str, names: Iterable) -> None:
    """No name twice: the error names the first repeated one. O(n)."""
    seen = set()
    for name in names:
        if name in seen:
            raise ValueError(f"{what} must be unique, got {name!r} twice")
        seen.add(name)

"""An answer that hands back an object it was given, where its statement promises a new one.

A caller who keeps its own list and the answer would see one change with the other. Identity
does not cross the grader's wire (there, a copy of the caller's list looks right), so the run
that sees it reports a plain record, `GivenBack`, in place of the value, and the engine judges
that record a failure whose reason names the argument: one rule for every exercise that
promises a new object."""

from collections.abc import Callable, Sequence
from typing import NamedTuple


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

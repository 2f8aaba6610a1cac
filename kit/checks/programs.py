"""Operation programs: how every class exercise is checked, in one replayer and one generator.

A *program* is a tuple of short operation strings, plain data a report can print and hypothesis
can shrink: `"t=3 ack w1 #1"` (at time 3, `ack` by worker w1 of what step #1 was given),
`"submit b p=2 delay=1"`, `"push b 2"`, `"pop"`. `parse` reads one into an
`Operation`: an optional time `t=N`, the operation's name, its words, its `#k` references and
its `key=value` options.

`replay` runs a program on a fresh object: one line per step, what the call returned (written by
the topic's `do`, which shows the value's type where the statement promises one: a tuple where a
list is promised reads differently), then what every observer the statement names says right
after it (the topic's `look`). A `"t=N look"` step calls no operation at all: it only asks the
observers at time N, so an observer is also asked long after the last operation, and at the same
tick as the operation that follows. `first_difference` judges two replays line by line.

The generator side: `gaps` draws the time between two steps (often none, so several events share
a tick; sometimes a long idle time), and `looks` slips observer-only steps into a timed program at
arbitrary moments: between two steps (at any time from the one to the other) and long after the
end. Names are the topic's to draw apart from every order (`names`).
"""

from dataclasses import dataclass, field

from hypothesis import strategies as st

from kit import validate

__all__ = ["LOOK", "Operation", "first_difference", "gaps", "looks", "names", "parse", "replay"]

LOOK = "look"


@dataclass(frozen=True)
class Operation:
    """One parsed operation: `at` (None when untimed), `name`, `words`, `refs` (the #k, 1-based),
    `options` ({"p": 2, ...}: ints when they read as ints)."""

    text: str
    name: str
    at: int | float | None = None
    words: tuple = ()
    refs: tuple = ()
    options: dict = field(default_factory=dict)


def _value(text: str):
    """A word as the number it reads as, else as itself."""
    try:
        return validate.parse_number(text)
    except ValueError:
        return text


def parse(op: str) -> Operation:
    """`"t=3 ack w1 #1"` -> Operation(at=3, name="ack", words=("w1",), refs=(1,))."""
    parts = op.split()
    at = None
    if parts and parts[0].startswith("t="):
        at = _value(parts.pop(0)[2:])
    if not parts:
        raise ValueError(f"operation {op!r} names no operation")
    name, words, refs, options = parts[0], [], [], {}
    for part in parts[1:]:
        if part.startswith("#") and part[1:].isdigit():
            refs.append(int(part[1:]))
        elif "=" in part:
            key, _, value = part.partition("=")
            options[key] = _value(value)
        else:
            words.append(part)
    return Operation(op, name, at, tuple(words), tuple(refs), options)


def replay(obj, program, do, look=None) -> list[str]:
    """Run `program` on `obj`: for each step, `do(obj, step)` makes the call and returns what
    it returned, in words (None: nothing to show; a LOOK step makes no call); `look(obj, step)`
    says, in words, what the observers say right after it ("" for nothing). One line per step:
    "op → result | observed"."""
    seen = []
    for op in program:
        step = parse(op)
        result = None if step.name == LOOK else do(obj, step)
        line = op if result is None else f"{op} → {result}"
        observed = look(obj, step) if look is not None else ""
        seen.append(f"{line} | {observed}" if observed else line)
    return seen


def first_difference(expected, got) -> str | None:
    """None when two replays agree; else the first line that differs, quoted."""
    if got == expected:
        return None
    if not isinstance(got, list):
        return f"the replay gave {got!r}"
    for i in range(max(len(expected), len(got))):
        want = f"“{expected[i]}”" if i < len(expected) else "nothing more"
        have = f"“{got[i]}”" if i < len(got) else "nothing more"
        if want != have:
            return f"line {i + 1}: expected {want}, got {have}"
    return None


def gaps(low: int = 0, high: int = 3, idle: int = 12) -> st.SearchStrategy:
    """The time from one step to the next: `low`..`high`, most often `low` (several events at
    one tick), now and then a long idle time (`idle` to 2·idle). Shrinks towards `low`."""
    same, near = st.just(low), st.integers(low, high)
    return st.one_of(same, near, same, near, st.integers(idle, 2 * idle))  # idle: 1 in 5


def looks(draw, program: list[str], idle: int = 12) -> list[str]:
    """`program` (timed steps, times never going back) with observer-only steps drawn into it:
    before about half the steps but the first (at a time from the step before to this one, so
    also at the same tick), and after the end: soon, and long after (each drawn, so a shrunk
    program keeps only the looks it needs)."""
    out, before = [], 0
    for i, op in enumerate(program):
        at = parse(op).at
        if i and draw(st.booleans()):
            out.append(f"t={draw(st.integers(before, at))} {LOOK}")
        out.append(op)
        before = at
    if program and draw(st.booleans()):
        out.append(f"t={before + draw(st.integers(0, idle))} {LOOK}")
    if program and draw(st.booleans()):
        out.append(f"t={before + draw(st.integers(idle, 3 * idle))} {LOOK}")
    return out


def names(draw, pool: str, n: int) -> list[str]:
    """n names drawn from `pool` in a shuffled order: never the order things happen in."""
    return list(draw(st.permutations(pool))[:n])

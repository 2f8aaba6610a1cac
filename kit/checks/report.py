"""How a check result, a hint and a solution look: rich HTML in JupyterLab, plain text elsewhere.

Everything here is deterministic (no timings, no addresses) so stored notebook outputs stay stable.
"""

import html
import inspect
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Outcome(StrEnum):
    """What a check found: one of these, and nothing else. Each is the string a report says
    (`Outcome.TOO_SLOW == "too slow"`), so code that compares outcomes with strings still works."""

    PASSED = "passed"
    FAILED = "failed"  # a value differs: the smallest counterexample, expected vs got
    NOT_ATTEMPTED = "not attempted"  # the answer raised NotImplementedError
    TIMED_OUT = "timed out"  # one call ran past the problem's timeout
    CRASHED = "crashed"  # the answer raised
    MUTATED = "mutated its input"  # the answer changed the arguments it was given
    TOO_SLOW = "too slow"  # right answers, but more work than the statement promises


COLOURS = {Outcome.PASSED: "#1a7f37", Outcome.FAILED: "#cf222e", Outcome.NOT_ATTEMPTED: "#6e7781",
           Outcome.TIMED_OUT: "#bc4c00", Outcome.CRASHED: "#cf222e",
           Outcome.MUTATED: "#bc4c00", Outcome.TOO_SLOW: "#9a6700"}
MARKS = {Outcome.PASSED: "✔", Outcome.NOT_ATTEMPTED: "…", Outcome.FAILED: "✘",
         Outcome.TIMED_OUT: "✘", Outcome.CRASHED: "✘", Outcome.MUTATED: "✘", Outcome.TOO_SLOW: "✘"}


def _is_record(x) -> bool:
    return isinstance(x, tuple) and hasattr(x, "_fields")


def _rows(value) -> tuple[list[str], list[list[str]]] | None:
    """A list of named tuples as a table (header, rows); None when it is not one."""
    if isinstance(value, list) and value and all(_is_record(v) for v in value):
        header = list(value[0]._fields)
        if all(v._fields == value[0]._fields for v in value):
            return header, [[repr(x) if not isinstance(x, str) else x for x in v] for v in value]
    return None


BRIEF_CHARS, BRIEF_ITEMS = 1500, 30  # past both, a container is shown by its ends and its count


def brief(value) -> str:
    """`repr(value)`, but a list, tuple, dict or set whose repr runs past BRIEF_CHARS and which
    holds more than BRIEF_ITEMS items is shown as its first three items, its last and how many
    there are (inside too): a large case of thousands of items reads in one line."""
    text = repr(value)
    if len(text) <= BRIEF_CHARS or _is_record(value) or \
            not isinstance(value, list | tuple | dict | set | frozenset):
        return text
    if isinstance(value, dict):
        parts = [f"{brief(k)}: {brief(v)}" for k, v in value.items()]
    else:
        parts = [brief(v) for v in value]
    ends = "[]" if isinstance(value, list) else "()" if isinstance(value, tuple) else "{}"
    if len(parts) <= BRIEF_ITEMS:
        return f"{ends[0]}{', '.join(parts)}{ends[1]}"
    return f"{ends[0]}{', '.join([*parts[:3], '…', parts[-1]])}{ends[1]} ({len(parts)} items)"


def around(want: list, got: list, width: int = 2) -> str:
    """"items 499 to 503 of 1000: expected [...], got [...]": the first place two lists differ
    (or where the shorter ends), with `width` items on either side."""
    i = next((i for i, (w, g) in enumerate(zip(want, got, strict=False)) if w != g),
             min(len(want), len(got)))
    lo, hi = max(0, i - width), min(i + width + 1, max(len(want), len(got)))
    return (f"items {lo} to {hi - 1} of {len(want)}: expected {brief(list(want[lo:hi]))}, got "
            f"{brief(list(got[lo:hi]))}")


def text_value(value, indent: str = "    ") -> str:
    table = _rows(value)
    if table is None:
        return brief(value)
    header, rows = table
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return "\n" + "\n".join(indent + line.rstrip() for line in lines)


def html_value(value) -> str:
    table = _rows(value)
    if table is None:
        return f"<code>{html.escape(brief(value))}</code>"
    header, rows = table
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    cells = ("".join(f"<td>{html.escape(c)}</td>" for c in r) for r in rows)
    body = "".join(f"<tr>{row}</tr>" for row in cells)
    return f"<table class='kit-table'><tr>{head}</tr>{body}</table>"


@dataclass
class Result:
    """The outcome of one check (`status`, an `Outcome`; `outcome` is the same). Truthy only when
    passed, so `assert q1.check(fn)` works."""

    problem: Any
    status: Outcome
    cases: int = 0
    edge_cases: list[str] = field(default_factory=list)
    seconds: float = 0.0
    case: tuple | None = None
    expected: Any = None
    got: Any = None
    error: str = ""
    pitfall: Any = None
    label: str = ""

    def __post_init__(self):
        self.status = Outcome(self.status)  # a plain string (from the grader's wire) is checked

    @property
    def outcome(self) -> Outcome:
        return self.status

    def __bool__(self) -> bool:
        return self.status == Outcome.PASSED

    @property
    def headline(self) -> str:
        name = self.problem.name
        if self.status == Outcome.PASSED:
            edges = f" and {len(self.edge_cases)} edge cases ({', '.join(self.edge_cases)})" \
                if self.edge_cases else ""
            cases = f"{self.cases} generated case{'s' * (self.cases != 1)}"
            return f"{name}: passed {cases}{edges}."
        if self.status == Outcome.NOT_ATTEMPTED:
            return (f"{name}: not attempted yet (it raises NotImplementedError). "
                    "Write it, then check again.")
        where = f" on the edge case '{self.label}'" if self.label else \
            " on this input (the smallest one found)"
        return f"{name}: {self.status}{where}."

    def _args(self) -> list[tuple[str, Any]]:
        names = list(self.problem.arg_names) or [f"argument {i + 1}" for i in range(len(self.case))]
        return list(zip(names, self.case, strict=False))

    def _details(self) -> list[tuple[str, Any, bool]]:
        """(label, value, is_data) lines shown under the headline for a failure."""
        if self.case is None:
            return [("why", self.error, False)] if self.error else []
        lines = [(name, value, True) for name, value in self._args()]
        if self.status == Outcome.FAILED:
            lines.append(("expected", self.expected, True))
            lines.append(("got", self.got, True))
        if self.error:
            lines.append(("why", self.error, False))
        if self.pitfall is not None:
            why = self.pitfall.why  # a sentence, or a function of the case that says it
            why = why(self.case) if callable(why) else why
            lines.append(("pitfall", f"{self.pitfall.name}: {why}", False))
        return lines

    def __repr__(self) -> str:
        mark = MARKS[self.status]
        lines = [f"{mark} {self.headline}"]
        for label, value, is_data in self._details():
            shown = text_value(value) if is_data else value
            lines.append(f"  {label}:{'' if str(shown).startswith(chr(10)) else ' '}{shown}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        colour, mark = COLOURS[self.status], MARKS[self.status]
        rows = "".join(
            f"<tr><th style='text-align:left;vertical-align:top;padding-right:1em'>"
            f"{html.escape(label)}</th><td style='text-align:left'>"
            f"{html_value(value) if is_data else html.escape(str(value))}</td></tr>"
            for label, value, is_data in self._details())
        table = f"<table style='margin-top:.4em'>{rows}</table>" if rows else ""
        return (f"<div class='kit-check' style='border-left:4px solid {colour};padding:.3em .8em'>"
                f"<b style='color:{colour}'>{mark} {html.escape(self.headline)}</b>{table}</div>")


@dataclass
class Note:
    """A short piece of Markdown (a hint, a solution) that shows well in both front ends."""

    text: str

    def __repr__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        return self.text


def show_hint(problem, n: int = 1) -> Note:
    hints = problem.hints
    if not hints:
        return Note(f"No hints for {problem.name}: read the pitfalls section.")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(hints):
        return Note(f"{problem.name} has hints 1 to {len(hints)}; hint({n!r}) is not one of them.")
    return Note(f"Hint {n} of {len(hints)} for {problem.name}: {hints[n - 1]}")


def show_solution(problem, source: str) -> Note:
    return Note(f"One solution for {problem.name}:\n\n```python\n{source.rstrip()}\n```")


def show_source(*objects) -> Note:
    """The source code of functions or classes from the kit, as a Markdown code block."""
    return Note("\n\n".join(f"```python\n{inspect.getsource(o).rstrip()}\n```" for o in objects))


class Progress:
    """The table a level-by-level round shows (`progress`): one row per level, and the points."""

    def __init__(self, levels: list, titles: list[str], results: list):
        self.levels, self.titles, self.results = levels, titles, results

    @property
    def points(self) -> int:
        return sum(q.points for q, r in zip(self.levels, self.results, strict=True) if r)

    def table(self) -> str:
        rows = ["| level | what | points | outcome |", "|---|---|---|---|"]
        for i, (title, q, r) in enumerate(zip(self.titles, self.levels, self.results,
                                              strict=True), 1):
            outcome = r.status + (f": {r.pitfall.name}" if r.pitfall is not None else "")
            rows.append(f"| L{i} | {title} | {q.points if r else 0} / {q.points} | {outcome} |")
        total = sum(q.points for q in self.levels)
        return "\n".join(rows + ["", f"**Total: {self.points} / {total} points**"])

    __repr__ = table

    def _repr_markdown_(self) -> str:
        return self.table()


def progress(levels: list, titles: list[str], cls) -> Progress:
    """Run every level's check on `cls` and show one table (it never raises)."""
    return Progress(levels, titles, [q.check(cls) for q in levels])

"""Mutation testing of the checks: every automatic mutant of an answer must fail its check.

Each exercise's answer is one text (`kit.checks.answers`). This module makes its *mutants*: the
same text with one small change by a standard operator, the ones mutation tools use:

    compare     `<` <-> `<=`, `>` <-> `>=`, `<` <-> `>`, `==` <-> `!=`, `is` <-> `is not`,
                `in` <-> `not in`
    arithmetic  `+` <-> `-`, `*` <-> `//` / `/`, `%` -> `//` (in expressions and `+=`-style updates)
    logic       `and` <-> `or`; a condition of `if`/`while`/a conditional expression negated;
                a `not` dropped
    sign        a unary minus dropped (a max-heap key becomes a min-heap key)
    constant    an int constant plus or minus one; `True` <-> `False`
    call        `min` <-> `max`
    delete      a statement replaced by `pass`
    swap        two neighbouring items of a tuple swapped (heap keys, sort keys, returned pairs)
    slice       a slice bound shifted by one

A mutant the check rejects (any outcome but passed) is *killed*. One that passes is either
*equivalent* (it computes the same thing: the Problem lists its key in `equivalent` with a
one-line reason, or gives a rule that says so) or a *survivor*: a wrong answer the check cannot
see, which fails `python -m kit zoo` and the test suite. A key names the code a mutant changes,
not its line (see `Mutant`), so editing the answer elsewhere keeps every declaration. Mutants are
made on first use (never at import) and once per text.

Why not mutmut or cosmic-ray: both mutate whole files and run a test command per mutant. Our
answers are single functions and classes inside modules of declarations, and the "test" is one
in-process `check`, so a small operator set over the answer's own text, compiled the way pitfalls
are, is exact (only the answer is mutated) and about a thousand times faster per mutant.
"""

import ast
import copy
import functools
import re
from collections.abc import Callable, Iterator
from typing import NamedTuple

from kit.checks import answers

_COMPARE = {ast.Lt: [ast.LtE, ast.Gt], ast.LtE: [ast.Lt, ast.GtE], ast.Gt: [ast.GtE, ast.Lt],
            ast.GtE: [ast.Gt, ast.LtE], ast.Eq: [ast.NotEq], ast.NotEq: [ast.Eq],
            ast.Is: [ast.IsNot], ast.IsNot: [ast.Is], ast.In: [ast.NotIn], ast.NotIn: [ast.In]}
_ARITH = {ast.Add: [ast.Sub], ast.Sub: [ast.Add], ast.Mult: [ast.FloorDiv, ast.Div],
          ast.Div: [ast.Mult], ast.FloorDiv: [ast.Mult, ast.Div], ast.Mod: [ast.FloorDiv]}
_SWAP_CALLS = {"min": "max", "max": "min"}
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


class Mutant(NamedTuple):
    """One single-change mutant of an answer's text.

    Its key names the code it changes, never a line number, so a line added above it or a
    comment edited leaves the key as it was: where (the def it is in), the operator, the code
    before and after, and the statement around it when that says more, e.g.
    "min_late_jobs sign: `-seq` -> `seq` in `heapq.heappush(heap, (-job.duration, -seq, job))`".
    The same change of the same code twice in one def adds " (#2)" to the second key."""

    key: str
    text: str  # the mutated answer
    op: str  # compare, arithmetic, logic, sign, constant, call, delete, swap, slice
    before: str  # the changed code, its first line (at most 60 characters)
    after: str
    scope: str  # the def or class it is in, dotted: "JobScheduler.tick"
    statement: str  # the statement around the change, its first line
    lineno: int  # where it is in the text now (for rules that read the text; not part of the key)

    @property
    def numbered_key(self) -> str:
        """The key mutants had when they were numbered by line: "L5 sign: `-seq` -> `seq`"."""
        return f"L{self.lineno} {self.op}: `{self.before}` -> `{self.after}`"


def _show(node: ast.AST) -> str:
    text = ast.unparse(node).splitlines()[0]
    return text if len(text) <= 60 else text[:57] + "..."


def _with(node: ast.AST, **fields) -> ast.AST:
    """A shallow copy of `node` with `fields` changed: the tree itself is never changed."""
    new = copy.copy(node)
    for name, value in fields.items():
        setattr(new, name, value)
    return new


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and \
                isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            found.update((id(body[0]), id(body[0].value)))
    return found


def _sites(tree: ast.AST) -> Iterator[tuple[str, ast.AST, Callable[[ast.AST], ast.AST]]]:
    """(operator, node, change) for every place an operator applies; `change(node)` returns the
    node that replaces it (a changed copy, or another node), leaving `node` as it is."""
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                for new in _COMPARE.get(type(op), []):
                    yield "compare", node, lambda n, i=i, new=new: _with(
                        n, ops=[*n.ops[:i], new(), *n.ops[i + 1:]])
        elif isinstance(node, ast.BinOp | ast.AugAssign):
            for new in _ARITH.get(type(node.op), []):
                yield "arithmetic", node, lambda n, new=new: _with(n, op=new())
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.Not):
            yield "sign" if isinstance(node.op, ast.USub) else "logic", node, lambda n: n.operand
        elif isinstance(node, ast.BoolOp):
            other = ast.Or if isinstance(node.op, ast.And) else ast.And
            yield "logic", node, lambda n, other=other: _with(n, op=other())
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            yield "constant", node, lambda n: _with(n, value=not n.value)
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            for d in (1, -1):
                yield "constant", node, lambda n, d=d: _with(n, value=n.value + d)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in _SWAP_CALLS:
            yield "call", node, lambda n: _with(n, func=_with(n.func, id=_SWAP_CALLS[n.func.id]))
        elif isinstance(node, ast.Tuple) and len(node.elts) >= 2 and \
                isinstance(node.ctx, ast.Load):
            for i in range(len(node.elts) - 1):
                yield "swap", node, lambda n, i=i: _with(
                    n, elts=[*n.elts[:i], n.elts[i + 1], n.elts[i], *n.elts[i + 2:]])
        elif isinstance(node, ast.Slice):
            for part in ("lower", "upper"):  # a constant bound is shifted as a constant
                bound = getattr(node, part)
                if bound is not None and not isinstance(bound, ast.Constant):
                    for d in (1, -1):
                        yield "slice", node, lambda n, part=part, d=d: _with(n, **{
                            part: ast.BinOp(getattr(n, part), ast.Add(), ast.Constant(d))})
        if isinstance(node, ast.If | ast.While | ast.IfExp):
            yield "logic", node, lambda n: _with(n, test=ast.UnaryOp(ast.Not(), n.test))
        if isinstance(node, ast.stmt) and not isinstance(node, (*_DEFS, ast.Pass)):
            yield "delete", node, lambda n: ast.Pass()


def _places(tree: ast.AST) -> dict[int, tuple[ast.AST, str, int | None]]:
    """id(node) -> (parent, field, index in the field's list or None), for every node."""
    places = {}
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if isinstance(value, ast.AST):
                places[id(value)] = (parent, name, None)
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, ast.AST):
                        places[id(item)] = (parent, name, i)
    return places


def _put(place: tuple[ast.AST, str, int | None], node: ast.AST) -> None:
    parent, name, index = place
    if index is None:
        setattr(parent, name, node)
    else:
        getattr(parent, name)[index] = node


def _context(places, node: ast.AST) -> tuple[str, ast.stmt]:
    """The dotted defs a node is in, and the innermost statement holding it (itself if one)."""
    scope, statement, at = [], node if isinstance(node, ast.stmt) else None, node
    while id(at) in places:
        at = places[id(at)][0]
        if statement is None and isinstance(at, ast.stmt):
            statement = at
        if isinstance(at, _DEFS):
            scope.append(at.name)
    if isinstance(node, _DEFS):  # pragma: no cover - defs are never mutated as a whole
        scope.insert(0, node.name)
    return ".".join(reversed(scope)), statement


def _default_of(statement: ast.stmt, node: ast.AST) -> str | None:
    """`retries=0` when `node` is (in) the default value of a def's parameter `retries`."""
    if not isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef) or node is statement:
        return None
    a = statement.args
    positional = [*a.posonlyargs, *a.args]
    pairs = [*zip(positional[len(positional) - len(a.defaults):], a.defaults, strict=True),
             *((arg, d) for arg, d in zip(a.kwonlyargs, a.kw_defaults, strict=True) if d)]
    for arg, default in pairs:
        if any(n is node for n in ast.walk(default)):
            return f"{arg.arg}={_show(default)}"
    return None


@functools.lru_cache(maxsize=32)
def mutants(text: str) -> tuple[Mutant, ...]:
    """Every single-change mutant of an answer's text, in a stable order, each once (computed
    once per text: the six levels of one class share them)."""
    tree = ast.parse(text)
    places = _places(tree)
    found, seen, keys = [], {ast.unparse(tree)}, {}
    for op, target, change in list(_sites(tree)):
        replacement = change(target)
        _put(places[id(target)], replacement)
        try:
            mutated = ast.unparse(tree)
        finally:
            _put(places[id(target)], target)
        if mutated in seen:
            continue
        seen.add(mutated)
        before, after = _show(target), _show(replacement)
        scope, statement = _context(places, target)
        where = _default_of(statement, target) or _show(statement)
        key = f"{scope} {op}: `{before}` -> `{after}`" + (f" in `{where}`" if where != before
                                                             else "")
        keys[key] = keys.get(key, 0) + 1
        if keys[key] > 1:
            key += f" (#{keys[key]})"
        found.append(Mutant(key, mutated + "\n", op, before, after, scope, where,
                            target.lineno))
    return tuple(found)


def equivalents(problem, found: tuple[Mutant, ...]) -> dict[str, str]:
    """The problem's declared equivalent mutants, key -> why: its dict, or what its rule says
    about each of `found`."""
    declared = problem.equivalent
    if callable(declared):
        return {m.key: why for m in found if (why := declared(m))}
    return dict(declared)


class Report(NamedTuple):
    killed: list[str]
    equivalent: list[str]
    survived: list[str]
    stale: list[str]  # declared equivalent, but no such mutant any more (or it is killed)


NUMBERED = re.compile(r"L\d+ \w+: `")  # a key from the days mutants were numbered by line


def run(problem) -> Report:
    """Check every mutant of a problem's answer; see which the check kills."""
    answer = problem.answer
    text = answers.shown(answers.source_of(answer))
    namespace = answers.namespace_of(answer)
    found = mutants(text)
    declared = equivalents(problem, found)
    killed, equivalent, survived = [], [], []
    for m in found:
        try:
            wrong = answers.compile_answer(m.text, answer.__name__, namespace, f"mutant {m.key}")
        except Exception:  # noqa: BLE001 - a mutant that does not even compile is killed
            killed.append(m.key)
            continue
        passed = bool(problem.check(wrong, explain=False))
        if not passed:
            killed.append(m.key)
        elif m.key in declared:
            equivalent.append(m.key)
        else:
            survived.append(m.key)
    stale = [k for k in declared if k not in equivalent]
    return Report(killed, equivalent, survived, stale)


# -- from line-numbered keys to keys by code: `python -m kit zoo --keys|--rekey TOPIC` -------------
def renamed(problem) -> dict[str, str | None]:
    """Each declared key that is not a key of the answer's mutants -> the key of the mutant it
    named by line number ("L5 ..."), or None when no mutant has it."""
    if callable(problem.equivalent) or problem.answer is None:
        return {}
    found = mutants(answers.shown(answers.source_of(problem.answer)))
    now = {m.key for m in found}
    by_line = {m.numbered_key: m.key for m in found}
    return {k: by_line.get(k) for k in problem.equivalent if k not in now}


def _literal(text: str, column: int, tail: int, width: int = 100) -> str:
    """`text` as a Python string literal starting at `column`, split into implicitly joined
    pieces (each on its own line, at that column) so no line is wider than `width`, the last
    one leaving `tail` columns for what follows it on its line."""
    pieces, rest = [], text
    while len(_quoted(rest)) > width - column - tail and len(rest) > 1:
        room = width - column - 3  # the quotes, and nothing after a piece that is not the last
        cut = rest.rfind(" ", 1, room)
        cut = cut + 1 if cut > 0 else min(room, len(rest) // 2 or 1)
        pieces.append(rest[:cut])
        rest = rest[cut:]
    pieces.append(rest)
    return ("\n" + " " * column).join(_quoted(p) for p in pieces)


def _quoted(piece: str) -> str:
    """A piece as a double-quoted literal (as the kit writes strings)."""
    text = repr(piece)
    if text.startswith("'") and '"' not in piece:
        text = '"' + text[1:-1].replace("\\'", "'") + '"'
    return text


def _value(node: ast.AST, namespace: dict):
    """What a dict's value in the source is, or a marker that it cannot be told."""
    try:
        return ast.literal_eval(node)
    except ValueError:
        if isinstance(node, ast.Name) and node.id in namespace:
            return namespace[node.id]
        return _UNKNOWN


_UNKNOWN = object()


def rekey(module, declared: list[tuple[dict, dict[str, str]]]) -> tuple[int, list[dict]]:
    """Rewrite, in `module`'s file, the keys of each declared `equivalent` dict as `changes`
    says, for each (declared dict, changes). The dict is found in the source as the one literal
    with the same keys and values. Return how many keys were rewritten, and the dicts that could
    not be found (to rewrite by hand)."""
    from pathlib import Path

    path = Path(module.__file__)
    source = path.read_text()
    lines = source.splitlines(True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    literals = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Dict)
                and n.keys and all(isinstance(k, ast.Constant) for k in n.keys)]
    spots, lost = [], []
    for equivalent, changes in declared:
        same = [n for n in literals if [k.value for k in n.keys] == list(equivalent) and all(
            (v := _value(node, vars(module))) is _UNKNOWN or v == equivalent[k.value]
            for k, node in zip(n.keys, n.values, strict=True))]
        if len(same) != 1:
            lost.append(equivalent)
            continue
        for key in same[0].keys:
            if key.value in changes:
                end = starts[key.end_lineno - 1] + key.end_col_offset
                tail = len(lines[key.end_lineno - 1].rstrip("\n")) - key.end_col_offset
                tail = min(tail, 70 - key.col_offset)  # a long value: reflow by hand
                spots.append((starts[key.lineno - 1] + key.col_offset, end,
                              _literal(changes[key.value], key.col_offset, tail)))
    for start, end, new in sorted(spots, reverse=True):
        source = source[:start] + new + source[end:]
    path.write_text(source)
    return len(spots), lost


def main(argv=None) -> int:
    """`python -m kit zoo [TOPIC ...]`: the mutation table; exit 1 on any survivor or stale
    declaration. `--keys` prints, without checking anything, each declared equivalent whose key
    is not a mutant's key, with the key it should have; `--rekey` rewrites those keys in place
    (in the exercises modules: run it after merging branches that declared keys by line)."""
    import argparse
    import importlib

    from kit.exercises import TOPICS, questions

    parser = argparse.ArgumentParser(prog="python -m kit zoo",
                                     description="Mutation testing of every exercise's check.")
    parser.add_argument("topics", nargs="*", choices=[[], *TOPICS], metavar="TOPIC",
                        help=f"exercises modules (default: all): {', '.join(TOPICS)}")
    keys = parser.add_mutually_exclusive_group()
    keys.add_argument("--keys", action="store_true",
                      help="print each declared key that names no mutant, and its new key")
    keys.add_argument("--rekey", action="store_true",
                      help="rewrite line-numbered keys (L5 ...) as keys by code, in place")
    args = parser.parse_args(argv)
    if args.keys or args.rekey:
        return _keys(args.topics or TOPICS, write=args.rekey, module=importlib.import_module)
    bad = 0
    print(f"{'exercise':<34} {'mutants':>7} {'killed':>6} {'equiv':>5} {'survived':>8}")
    for topic in args.topics or TOPICS:
        for q, problem in questions(topic).items():
            if problem.answer is None:
                print(f"{topic + '.' + q:<34} (no answer text declared)")
                bad += 1
                continue
            r = run(problem)
            total = len(r.killed) + len(r.equivalent) + len(r.survived)
            print(f"{topic + '.' + q:<34} {total:>7} {len(r.killed):>6} {len(r.equivalent):>5} "
                  f"{len(r.survived):>8}")
            for key in r.survived:
                print(f"    survived: {key}")
            for key in r.stale:
                print(f"    declared equivalent but not a surviving mutant: {key}")
                if NUMBERED.match(key):
                    print(f"      (numbered by line: `python -m kit zoo --rekey {topic}`)")
            bad += len(r.survived) + len(r.stale)
    return 1 if bad else 0


def _keys(topics, write: bool, module) -> int:
    """`--keys` / `--rekey`: 1 when a declared key names no mutant, by line or by code."""
    from kit.exercises import questions

    lost = 0
    for topic in topics:
        declared = []
        for q, problem in questions(topic).items():
            changes = {}
            for old, new in renamed(problem).items():
                print(f"{topic}.{q}: {old}\n    -> {new or 'no such mutant: remove it'}")
                lost += new is None
                if new is not None:
                    changes[old] = new
            if changes:
                declared.append((problem.equivalent, changes))
        if write and declared:
            done, unfound = rekey(module(f"kit.exercises.{topic}"), declared)
            print(f"{topic}: {done} key(s) rewritten")
            for equivalent in unfound:
                print(f"{topic}: not found in the source, rewrite by hand: {list(equivalent)}")
                lost += 1
    return 1 if lost else 0

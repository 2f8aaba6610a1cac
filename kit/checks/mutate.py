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
*equivalent* (it computes the same thing: the Problem lists it in `equivalent` with a one-line
reason) or a *survivor*: a wrong answer the check cannot see, which fails `python -m kit zoo` and
the test suite.

Why not mutmut or cosmic-ray: both mutate whole files and run a test command per mutant. Our
answers are single functions and classes inside modules of declarations, and the "test" is one
in-process `check`, so a small operator set over the answer's own text, compiled the way pitfalls
are, is exact (only the answer is mutated) and about a thousand times faster per mutant.
"""

import ast
import copy
import functools
from collections.abc import Callable, Iterator
from typing import NamedTuple

from kit.checks import answers

_COMPARE = {ast.Lt: [ast.LtE, ast.Gt], ast.LtE: [ast.Lt, ast.GtE], ast.Gt: [ast.GtE, ast.Lt],
            ast.GtE: [ast.Gt, ast.LtE], ast.Eq: [ast.NotEq], ast.NotEq: [ast.Eq],
            ast.Is: [ast.IsNot], ast.IsNot: [ast.Is], ast.In: [ast.NotIn], ast.NotIn: [ast.In]}
_ARITH = {ast.Add: [ast.Sub], ast.Sub: [ast.Add], ast.Mult: [ast.FloorDiv, ast.Div],
          ast.Div: [ast.Mult], ast.FloorDiv: [ast.Mult, ast.Div], ast.Mod: [ast.FloorDiv]}
_SWAP_CALLS = {"min": "max", "max": "min"}


class Mutant(NamedTuple):
    key: str  # stable and readable: "L3 compare: `a < b` -> `a <= b`"
    text: str  # the mutated answer


def _show(node: ast.AST) -> str:
    text = ast.unparse(node).splitlines()[0]
    return text if len(text) <= 60 else text[:57] + "..."


def _sites(tree: ast.AST) -> Iterator[tuple[str, ast.AST, Callable[[ast.AST], ast.AST | None]]]:
    """(operator, node, change) for every place an operator applies; `change(copy)` edits the
    copy of the node in place or returns a replacement."""
    doc_nodes = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and \
                isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            doc_nodes.add(id(body[0]))
            doc_nodes.add(id(body[0].value))
    for node in ast.walk(tree):
        if id(node) in doc_nodes:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                for new in _COMPARE.get(type(op), []):
                    yield "compare", node, lambda n, i=i, new=new: n.ops.__setitem__(i, new())
        elif isinstance(node, ast.BinOp | ast.AugAssign):
            for new in _ARITH.get(type(node.op), []):
                yield "arithmetic", node, lambda n, new=new: setattr(n, "op", new())
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.Not):
            yield "sign" if isinstance(node.op, ast.USub) else "logic", node, lambda n: n.operand
        elif isinstance(node, ast.BoolOp):
            other = ast.Or if isinstance(node.op, ast.And) else ast.And
            yield "logic", node, lambda n, other=other: setattr(n, "op", other())
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            yield "constant", node, lambda n: setattr(n, "value", not n.value)
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            for d in (1, -1):
                yield "constant", node, lambda n, d=d: setattr(n, "value", n.value + d)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in _SWAP_CALLS:
            yield "call", node, lambda n: setattr(n.func, "id", _SWAP_CALLS[n.func.id])
        elif isinstance(node, ast.Tuple) and len(node.elts) >= 2 and \
                isinstance(node.ctx, ast.Load):
            for i in range(len(node.elts) - 1):
                yield "swap", node, lambda n, i=i: n.elts.__setitem__(
                    slice(i, i + 2), [n.elts[i + 1], n.elts[i]])
        elif isinstance(node, ast.Slice):
            for part in ("lower", "upper"):  # a constant bound is shifted as a constant
                bound = getattr(node, part)
                if bound is not None and not isinstance(bound, ast.Constant):
                    for d in (1, -1):
                        yield "slice", node, lambda n, part=part, d=d: setattr(
                            n, part, ast.BinOp(getattr(n, part), ast.Add(), ast.Constant(d)))
        if isinstance(node, ast.If | ast.While | ast.IfExp):
            yield "logic", node, lambda n: setattr(n, "test", ast.UnaryOp(ast.Not(), n.test))
        if isinstance(node, ast.stmt) and not isinstance(
                node, ast.FunctionDef | ast.ClassDef | ast.Pass | ast.AsyncFunctionDef):
            yield "delete", node, lambda n: ast.Pass()


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    """Put `new` where `old` is a child of some node of `tree`."""
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, field, new)
                return
            if isinstance(value, list) and any(v is old for v in value):
                value[[v is old for v in value].index(True)] = new
                return


def mutants(text: str) -> list[Mutant]:
    """Every single-change mutant of an answer's text, in a stable order, each once."""
    return list(_mutants(text))


@functools.cache  # one answer's mutants are asked for by every level that shares its text
def _mutants(text: str) -> tuple[Mutant, ...]:
    tree = ast.parse(text)
    found, seen = [], {ast.unparse(tree)}
    for index in range(len(list(_sites(tree)))):
        new_tree = copy.deepcopy(tree)
        op, target, change = list(_sites(new_tree))[index]
        line, before = target.lineno, _show(target)
        replacement = change(target)
        if replacement is not None:  # a node replaced (a statement deleted, a sign dropped)
            _replace(new_tree, target, replacement)
        after = _show(replacement if replacement is not None else target)
        ast.fix_missing_locations(new_tree)
        mutated = ast.unparse(new_tree)
        if mutated in seen:
            continue
        seen.add(mutated)
        found.append(Mutant(f"L{line} {op}: `{before}` -> `{after}`", mutated + "\n"))
    return tuple(found)


class Report(NamedTuple):
    killed: list[str]
    equivalent: list[str]
    survived: list[str]
    stale: list[str]  # declared equivalent, but no such mutant any more (or it is killed)


def run(problem) -> Report:
    """Check every mutant of a problem's answer; see which the check kills."""
    answer = problem.answer
    text = answers.shown(answers.source_of(answer))
    namespace = answers.namespace_of(answer)
    killed, equivalent, survived = [], [], []
    for m in mutants(text):
        try:
            wrong = answers.compile_answer(m.text, answer.__name__, namespace, f"mutant {m.key}")
        except Exception:  # noqa: BLE001 - a mutant that does not even compile is killed
            killed.append(m.key)
            continue
        passed = bool(problem.check(wrong, explain=False))
        if not passed:
            killed.append(m.key)
        elif m.key in problem.equivalent:
            equivalent.append(m.key)
        else:
            survived.append(m.key)
    stale = [k for k in problem.equivalent if k not in equivalent]
    return Report(killed, equivalent, survived, stale)


def main(argv=None) -> int:
    """`python -m kit zoo [TOPIC ...]`: the mutation table; exit 1 on any survivor."""
    import argparse

    from kit.exercises import TOPICS, questions

    parser = argparse.ArgumentParser(prog="python -m kit zoo",
                                     description="Mutation testing of every exercise's check.")
    parser.add_argument("topics", nargs="*", choices=[[], *TOPICS], metavar="TOPIC",
                        help=f"exercises modules (default: all): {', '.join(TOPICS)}")
    args = parser.parse_args(argv)
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
            bad += len(r.survived) + len(r.stale)
    return 1 if bad else 0

"""One text per answer, and wrong answers as small named edits of that text.

An exercise's answer is ordinary code in its exercises module: a function or a class, linted like
the rest. That one text is

- what `solution()` shows (`shown`),
- what `python -m kit build` writes into the solution notebook's cell (`solved_cell`), where the
  learner build replaces the solution part by `raise NotImplementedError`,
- what the check compares against, directly or through a core function that a test proves equal,
- and the text every pitfall edits: `Pitfall("ties broken by duration", why, edit=[("key=lambda
  j: j.deadline", "key=lambda j: (j.deadline, j.duration)")])` compiles the answer with that
  replacement, at import, in the answer's own module globals. An edit whose text is not in the
  answer exactly once fails the import with a message naming the pitfall.

The solution part of each function is its body after the docstring (for a class: the body of each
method, after its docstring), so the learner keeps the signature and the statement. An answer that
needs another split (a given `__init__`, a helper the learner keeps) marks its solution part
itself with `### BEGIN SOLUTION` / `### END SOLUTION` comment lines; `shown` drops those lines.
"""

import ast
import inspect
import io
import linecache
import textwrap
import tokenize
from collections.abc import Callable, Sequence

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"

Edit = tuple[str, str]


class EditError(ValueError):
    """A pitfall's edit does not apply to the answer's text."""


def source_of(obj) -> str:
    """The text of a function or class as written in its module, dedented, decorators included."""
    return textwrap.dedent(inspect.getsource(obj))


def shown(text: str) -> str:
    """What a learner is shown: the text without solution markers."""
    return "".join(line for line in text.splitlines(True)
                   if line.strip() not in (BEGIN, END)).rstrip() + "\n"


def _header_end(lines: list[str], node: ast.AST) -> int:
    """The 1-based line holding the colon that ends a def's or class's header."""
    start = node.lineno
    chunk = "".join(lines[start - 1:node.body[0].lineno])
    depth = 0
    for tok in tokenize.generate_tokens(io.StringIO(chunk).readline):
        if tok.type == tokenize.OP:
            if tok.string in "([{":
                depth += 1
            elif tok.string in ")]}":
                depth -= 1
            elif tok.string == ":" and depth == 0:
                return start + tok.start[0] - 1
    raise EditError(f"no header found for {getattr(node, 'name', node)!r}")  # pragma: no cover


def _blocks(text: str) -> list[tuple[int, int, int]]:
    """(first line, last line, indent) of each default solution block, 1-based, in order."""
    lines = text.splitlines(True)
    tree = ast.parse(text)
    top = tree.body[0]
    defs = [top] if isinstance(top, ast.FunctionDef | ast.AsyncFunctionDef) else [
        n for n in top.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    blocks = []
    for node in defs:
        body = node.body
        has_doc = (isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                   and isinstance(body[0].value.value, str))
        if has_doc and len(body) == 1:
            continue  # nothing to write: the learner keeps it as it is
        first = body[0].end_lineno + 1 if has_doc else _header_end(lines, node) + 1
        indent = len(lines[body[-1].lineno - 1]) - len(lines[body[-1].lineno - 1].lstrip())
        blocks.append((first, node.end_lineno, indent))
    return blocks


def solved_cell(text: str) -> str:
    """The answer as the solution notebook holds it: its solution part between markers."""
    if BEGIN in text:
        return text.rstrip() + "\n"
    lines = text.splitlines(True)
    for first, last, indent in reversed(_blocks(text)):
        pad = " " * indent
        lines[last:last] = [f"{pad}{END}\n"]
        lines[first - 1:first - 1] = [f"{pad}{BEGIN}\n"]
    return "".join(lines).rstrip() + "\n"


def apply_edits(text: str, edits: Sequence[Edit], pitfall: str) -> str:
    """The text with each (old, new) replacement made; each `old` must occur exactly once."""
    for old, new in edits:
        count = text.count(old)
        if count != 1:
            where = "is not in" if count == 0 else f"occurs {count} times in"
            raise EditError(f"pitfall {pitfall!r}: the text {old!r} {where} the answer; "
                            "quote the exact text to change, once")
        text = text.replace(old, new)
    return text


def compile_answer(text: str, name: str, namespace: dict, label: str) -> Callable:
    """Run `text` (a def or a class) in a copy of `namespace`; return the object it defines.

    The text is registered with linecache under `label`, so tracebacks and `inspect` show it."""
    filename = f"<{label}>"
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    scope = dict(namespace)
    exec(compile(text, filename, "exec"), scope)  # noqa: S102 - our own declared text
    return scope[name]


def namespace_of(answer) -> dict:
    """The globals an answer runs in: its module's."""
    return getattr(answer, "__globals__", None) or vars(inspect.getmodule(answer))


def edited(answer, edits: Sequence[Edit], pitfall: str) -> Callable:
    """The answer with a pitfall's edits applied, compiled beside the answer."""
    text = apply_edits(shown(source_of(answer)), edits, pitfall)
    return compile_answer(text, answer.__name__, namespace_of(answer), f"pitfall {pitfall}")

"""One text per answer, and wrong answers as small named edits of that text.

An exercise's answer is ordinary code in its exercises module: a function or a class, linted like
the rest. That one text is

- what `solution()` shows (`shown`),
- what `python -m kit build` writes into the solution notebook's cell (`solved_cell`), where the
  learner build replaces the solution part by `raise NotImplementedError`,
- what the check compares against, directly or through a core function that a test proves equal,
- and the text every pitfall edits: `Pitfall("ties broken by duration", why, edit=[("key=lambda
  j: j.deadline", "key=lambda j: (j.deadline, j.duration)")])` compiles the answer with that
  replacement, in the answer's own module globals, the first time the pitfall is needed (not at
  import). The text to replace is matched as code, so comments, spacing and indentation may
  change in the answer without breaking the edit (`apply_edits`); an edit that matches nowhere or
  more than once is an error naming the pitfall.

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
from typing import NamedTuple

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


_UNSEEN = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
           tokenize.ENDMARKER}


def _code_tokens(text: str) -> list[tokenize.TokenInfo] | None:
    """The tokens of `text` that are code (no comments, line breaks or indentation), or None
    when `text` is not whole tokens (it starts or ends inside a string, say). A fragment may
    leave brackets open: the tokens read up to its end are kept."""
    found = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.ERRORTOKEN and not tok.string.isspace():
                return None
            if tok.type not in _UNSEEN and tok.type != tokenize.ERRORTOKEN:
                found.append(tok)
    except tokenize.TokenError as e:
        if "string" in str(e.args[0]):  # inside a string: not whole tokens
            return None
    except (IndentationError, SyntaxError):  # pragma: no cover - tokenize does not raise these
        return None
    return found


def _offsets(text: str) -> list[int]:
    """The offset in `text` where each line starts (line n at index n - 1)."""
    starts = [0]
    for line in io.StringIO(text):  # lines as tokenize reads them: split at "\n" only
        starts.append(starts[-1] + len(line))
    return starts


def _first_on_line(text: str, starts: list[int], tok: tokenize.TokenInfo) -> bool:
    line_start = starts[tok.start[0] - 1]
    return text[line_start:line_start + tok.start[1]].strip() == ""


class _Match(NamedTuple):
    start: int  # offsets in the text of what `old` covers there
    end: int
    shift: int  # how much deeper the matched code is indented than `old` says
    whole_lines: bool  # `old` starts a line: the replacement's first line is re-indented too


def _matches(text: str, old: str) -> list[_Match] | None:
    """Where `old` occurs in `text` as code, comments and spacing aside; None when `old` is not
    whole tokens. Spacing or a comment at either end of `old` is taken as it is when the text has
    it there too; otherwise `old` that starts a line covers the line's indentation, and `old`
    that runs to the end of its line covers the line's comment (and break, if `old` has one)."""
    mine, theirs = _code_tokens(old), _code_tokens(text)
    if not mine or theirs is None:
        return None
    words = [t.string for t in mine]
    starts, old_starts = _offsets(text), _offsets(old)
    lead = old[:old_starts[mine[0].start[0] - 1] + mine[0].start[1]]
    trail = old[old_starts[mine[-1].end[0] - 1] + mine[-1].end[1]:]
    blank_lead = lead != "" and lead.strip() == ""
    # the first token of `old` that begins one of its lines: it tells how `old` was indented
    anchor = next((j for j, tok in enumerate(mine) if (tok.start[0] > 1 or blank_lead)
                   and _first_on_line(old, old_starts, tok)), None)
    found = []
    for i in range(len(theirs) - len(words) + 1):
        if any(theirs[i + j].string != w for j, w in enumerate(words)):
            continue
        first, last = theirs[i], theirs[i + len(words) - 1]
        start = starts[first.start[0] - 1] + first.start[1]
        end = starts[last.end[0] - 1] + last.end[1]
        whole = False
        if "\n" in lead and text[start - len(lead):start] == lead:
            start -= len(lead)
        elif blank_lead and _first_on_line(text, starts, first):
            whole = "\n" not in lead
            start = starts[first.start[0] - 1]  # `old` starts a line: so does the replacement
            if not whole and i > 0:  # `old` starts at the end of the line before
                start = starts[theirs[i - 1].end[0] - 1] + theirs[i - 1].end[1]
        elif text[start - len(lead):start] == lead:
            start -= len(lead)
        if text[end:end + len(trail)] == trail:
            end += len(trail)
        elif "\n" in trail or "#" in trail:  # `old` runs to the end of its line: so does this
            line_end = starts[last.end[0]] if last.end[0] < len(starts) else len(text)
            rest = text[end:line_end]
            if _code_tokens(rest) == []:  # only a comment and the line break are left
                end = line_end if "\n" in trail else end + len(rest.rstrip("\n"))
        shift = 0
        if anchor is not None and _first_on_line(text, starts, theirs[i + anchor]):
            shift = theirs[i + anchor].start[1] - mine[anchor].start[1]
        found.append(_Match(start, end, shift, whole))
    return found


def _indented(new: str, shift: int, whole_lines: bool) -> str:
    """`new` with the lines it starts indented `shift` columns deeper (shallower if negative)."""
    if not shift:
        return new
    lines = new.splitlines(True)
    out = []
    for k, line in enumerate(lines):
        if (k == 0 and not whole_lines) or not line.strip():
            out.append(line)
        elif shift > 0:
            out.append(" " * shift + line)
        else:
            out.append(line[min(-shift, len(line) - len(line.lstrip(" "))):])
    return "".join(out)


def apply_edits(text: str, edits: Sequence[Edit], pitfall: str) -> str:
    """The text with each (old, new) replacement made, in order. `old` is matched as code:
    comments, blank lines, spacing and indentation do not matter, so the answer's comments can
    be edited and its code re-indented without breaking a pitfall (`new` is re-indented to
    match). An `old` that is not whole tokens (a piece of a string) or only matches with its
    comments is matched as exact text. Each must occur exactly once."""
    for old, new in edits:
        spans = _matches(text, old) or []
        if len(spans) == 1:
            start, end, shift, whole_lines = spans[0]
            text = text[:start] + _indented(new, shift, whole_lines) + text[end:]
            continue
        count = text.count(old)
        if count == 1:  # a piece of a string, or code told apart only by its comment
            text = text.replace(old, new)
            continue
        count = len(spans) or count  # as code when it reads as code
        where = "is not in" if count == 0 else f"occurs {count} times in"
        raise EditError(f"pitfall {pitfall!r}: the text {old!r} {where} the answer "
                        "(comments and spacing aside); quote the code to change, once")
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

"""Taking in a class: which notebooks, whose, which topic; decided by the teacher, never by a vote.

- The topic is the teacher's: `--exercises TOPIC`, or the course's own notebook in nbgrader's
  layout (`<course>/source/<assignment>/*.ipynb`, else `release/`). Nothing a learner submits
  (its metadata, its imports, how many notebooks say so) chooses it.
- In nbgrader's layout (`submitted/<student>/<assignment>/<notebook>.ipynb`) a student folder is
  one row, named after the folder: its assignment's notebook is graded (the course's notebook
  name, else the kit's handout name, else the only notebook there), and every other file in it
  is listed in that student's report and ignored. Other submissions are known by their path
  relative to their common folder, without `.ipynb`.
- Each graded notebook is snapshotted (size-capped, never through a link) before any learner
  code runs, and read here: its code cells, the names its cells define at top level (`def` and
  `class`, from the source, not from the learner's process), and the questions whose function
  reaches for the kit's reference (flags for the teacher).
"""

import ast
import json
import os
import re
import stat
import tempfile
import unicodedata
from pathlib import Path
from typing import NamedTuple

from kit.exercises import NOTEBOOKS, TOPICS, questions
from kit.grading.shown import shown

MAX_NOTEBOOK_BYTES = 10 << 20  # a submission larger than this is not graded (a row says why)
# the code the grader itself parses and reads, all cells together: 20 times the largest solution's;
# parsing costs the grader's process hundreds of bytes per byte of code, so more is refused
MAX_CODE_BYTES = 256 << 10
IMPORT = re.compile(r"from\s+kit\.exercises\s+import\s+(\w+)")
CHECK_CALL = re.compile(r"^\s*[\w.]+\.q\d+\.(check|hint|solution)\(.*\)\s*;?\s*$")
# code that can rebind a global name by a computed name, from anywhere in the notebook
REBINDS = frozenset({"exec", "eval", "compile", "globals", "vars", "setattr", "__dict__",
                     "sys", "modules", "builtins", "__builtins__", "__code__", "__globals__",
                     "__setattr__", "importlib", "__import__", "runpy"})
# of those, what can write a name (a top-level `x = vars(m)[n]` only reads, and is followed
# through `x` like any other assignment)
WRITERS = frozenset({"exec", "eval", "compile", "globals", "locals", "setattr", "delattr",
                     "__setattr__", "__setitem__", "__delitem__", "update", "setdefault", "pop",
                     "popitem", "clear", "importlib", "__import__", "runpy", "__code__",
                     "__globals__", "builtins", "__builtins__"})
# ways to reach code by a name computed at run time: a function using one may call anything
DYNAMIC = frozenset({"exec", "eval", "compile", "__import__", "getattr", "vars", "globals",
                     "locals", "importlib", "sys", "modules", "runpy", "builtins",
                     "__builtins__", "inspect", "types", "marshal", "pickle", "open", "gc",
                     "operator", "attrgetter", "methodcaller", "itemgetter", "get_type_hints",
                     "ForwardRef", "breakpoint", "dir", "help",
                     # frames and code reach any module's globals without a dunder
                     "gi_frame", "cr_frame", "ag_frame", "tb_frame", "tb_next", "f_back",
                     "f_globals", "f_locals", "f_builtins", "f_code", "gi_code", "cr_code",
                     "settrace", "setprofile", "_getframe"})
# dunder attributes that are plain vocabulary; any other (`__dict__`, `__getattribute__`,
# `__globals__`, `__module__`, ...) is a way into other code by name
PLAIN_DUNDERS = frozenset({"__init__", "__name__", "__qualname__", "__doc__", "__class__",
                           "__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__",
                           "__hash__", "__repr__", "__str__", "__len__", "__iter__", "__next__",
                           "__contains__", "__post_init__", "__slots__", "__enter__",
                           "__exit__", "__bool__"})
# modules whose public attributes, looked up by a name written in the source, are vocabulary;
# any other module object (the kit's included) is a way to anything in it
PLAIN_MODULES = frozenset({"math", "heapq", "bisect", "collections", "itertools", "functools",
                           "statistics", "fractions", "decimal", "random", "dataclasses",
                           "typing", "enum", "abc", "numbers", "graphlib", "contextlib",
                           "threading", "time", "queue", "copy", "datetime",
                           "sqlite3"})  # sqlite3: the design round's store (12)

class Refusal(Exception):
    """The class cannot be graded as asked; the message says why (one line)."""


class PreparedSubmission(NamedTuple):
    """One submission to grade: its snapshot, its student id, why it is refused (or None), its
    code cells, notes for its report, the names its cells define, and the flagged questions."""

    path: str
    student: str
    refused: str | None = None
    cells: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    defined: frozenset = frozenset()
    flags: tuple[tuple[str, str], ...] = ()  # (question, why)


class Submission(NamedTuple):
    student: str
    path: str | None  # the notebook to grade (None: the student's folder holds none)
    extras: tuple[str, ...] = ()  # the student's other files, ignored
    why: str | None = None


# -- notebooks ----------------------------------------------------------------------------------

def exercises_of(nb: dict) -> str | None:
    """Which exercises module a notebook says it answers: its metadata (`kit.exercises`), else
    the first `from kit.exercises import TOPIC` in its code. Read from the teacher's notebooks
    only: a submission's own claim is never asked."""
    meta = nb.get("metadata") if isinstance(nb, dict) else None
    kit_meta = meta.get("kit") if isinstance(meta, dict) else None
    topic = kit_meta.get("exercises") if isinstance(kit_meta, dict) else None
    if topic in TOPICS:
        return topic
    for source in code_cells(nb):
        for name in IMPORT.findall(source):
            if name in TOPICS:
                return name
    return None


def code_cells(nb) -> list[str]:
    cells = nb.get("cells") if isinstance(nb, dict) else None
    found = []
    for cell in cells if isinstance(cells, list) else []:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            source = cell.get("source", "")
            if isinstance(source, list):
                source = "".join(s for s in source if isinstance(s, str))
            found.append(source if isinstance(source, str) else "")
    return found


def runnable(source: str) -> str:
    """A cell's code without IPython magics, shell escapes and calls to check/hint/solution."""
    return "\n".join("" if line.strip().startswith(("%", "!")) or CHECK_CALL.match(line)
                     else line for line in source.splitlines())


def handout_name(topic: str) -> str:
    """The notebook the kit hands out for a topic: `02_edf_lateness.ipynb`."""
    return next(f"{stem}.ipynb" for stem, t in NOTEBOOKS.items() if t == topic)


def _trees(cells) -> list[ast.Module]:
    trees = []
    for source in cells:
        try:
            trees.append(ast.parse(runnable(source)))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue  # the learner's process reports it; nothing in it is defined
    return trees


def defined_names(trees: list[ast.Module]) -> frozenset:
    """The names the cells define at top level with `def` or `class` (as written, not as the
    learner's process later says)."""
    return frozenset(node.name for tree in trees for node in tree.body
                     if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef))


def _mentions(node: ast.AST, imports: dict | None = None) -> set[str]:
    """Every name (`x`) and attribute (`.x`) a piece of code mentions, `import` when it imports,
    `'kit'` when a string names the kit, `match` for a class pattern (it looks attributes up by
    the names it lists), `__` for a dunder attribute that is not plain vocabulary, and
    `module M` where it uses a module object as a value or anything of a module that is neither
    the kit's nor plain (see `_module_use`). In a top-level assignment, a function called for
    its value (`jobs = workload(5)`) is data, not code the notebook's functions run."""
    skip = set()
    if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
        skip = {id(n.func) for n in ast.walk(node) if isinstance(n, ast.Call) and not (
            isinstance(n.func, ast.Name) and n.func.id in REBINDS | DYNAMIC)}
    parent = {id(c): n for n in ast.walk(node) for c in ast.iter_child_nodes(n)}
    scopes = _locals(node, parent)
    found = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and id(n) not in skip and _is_local(n, parent, scopes):
            continue  # a function's own variable, never a notebook-level name
        if isinstance(n, ast.Name) and id(n) not in skip:
            found.add(n.id)
            if imports and n.id in imports and isinstance(n.ctx, ast.Load):
                found |= _module_use(n, imports[n.id], parent)
        elif isinstance(n, ast.Attribute) and id(n) not in skip:
            found.add("." + n.attr)
            if n.attr.startswith("__") and n.attr not in PLAIN_DUNDERS:
                found.add("__")
        elif isinstance(n, ast.Import | ast.ImportFrom):
            found.add("import")
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and "kit" in n.value:
            found.add("'kit'")
        elif isinstance(n, ast.MatchClass) and (n.kwd_attrs or n.patterns):
            found.add("match")
    return found


SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp, ast.SetComp,
          ast.DictComp, ast.GeneratorExp)


def _scope(n: ast.AST, parent: dict) -> ast.AST | None:
    """The innermost function (or comprehension) a node is in, None at the notebook's level."""
    n = parent.get(id(n))
    while n is not None and not isinstance(n, SCOPES):
        n = parent.get(id(n))
    return n


def _locals(node: ast.AST, parent: dict) -> dict[int, tuple[set[str], set[str]]]:
    """{id(scope): (the names bound in that scope itself: its arguments, what it assigns, less
    those it declares nonlocal; the names it declares global)}."""
    scopes: dict[int, tuple[set[str], set[str]]] = {}
    nonlocal_: dict[int, set[str]] = {}
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store | ast.Del):
            scopes.setdefault(id(_scope(n, parent)), (set(), set()))[0].add(n.id)
        elif isinstance(n, ast.arg):
            owner = _scope(parent[id(n)], parent) if isinstance(parent.get(id(n)),
                                                                ast.arguments) else None
            scopes.setdefault(id(owner), (set(), set()))[0].add(n.arg)
        elif isinstance(n, ast.Global):
            scopes.setdefault(id(_scope(n, parent)), (set(), set()))[1].update(n.names)
        elif isinstance(n, ast.Nonlocal):
            nonlocal_.setdefault(id(_scope(n, parent)), set()).update(n.names)
    for key, names in nonlocal_.items():
        scopes.setdefault(key, (set(), set()))[0].difference_update(names)
    return scopes


def _is_local(n: ast.Name, parent: dict, scopes: dict) -> bool:
    """Whether a name, where it is read, is a function's own variable (its own, or an enclosing
    function's), never a notebook-level name."""
    scope = _scope(n, parent)
    while scope is not None:
        bound, declared_global = scopes.get(id(scope), (set(), set()))
        if n.id in declared_global:
            return False
        if n.id in bound:
            return True
        scope = _scope(scope, parent)
    return False


def _module_use(name: ast.Name, path: str, parent: dict) -> set[str]:
    """What a use of an imported name reaches: `name.a.b` read through the source's own
    attribute names is fine while every step is public and it ends on something that is not a
    module (`lease.LeaseQueue`, `heapq.heappush`); a module object as a value (`f(kit.edf)`,
    `match kit.edf:`), a private step (`random._os`) or anything of a module the grader does not
    know as plain or the kit's (`operator`, `pydoc.locate`) is `module M`."""
    node, steps = name, []
    while isinstance(parent.get(id(node)), ast.Attribute):
        node = parent[id(node)]
        steps.append(node.attr)
    root = path.split(".")[0]
    if root != "kit" and root not in PLAIN_MODULES:
        return {f"module {path}"}
    if any(s.startswith("_") and s not in PLAIN_DUNDERS for s in steps):
        return {f"module {path}.{'.'.join(steps)}"}
    import types as types_

    value = _resolve(".".join([path, *steps]))
    kit_function = root == "kit" and callable(value) and not isinstance(value, type)
    return {f"module {'.'.join([path, *steps])}"} if kit_function or isinstance(
        value, types_.ModuleType) else set()


def _resolve(dotted: str):
    """The kit's or a plain module's object at a dotted path (None when there is none)."""
    import importlib

    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:cut]))
        except Exception:  # no such module here: try a shorter prefix
            continue
        for attr in parts[cut:]:
            value = getattr(value, attr, None)
        return value
    return None


def _reads(node: ast.AST) -> bool:
    """A top-level assignment to plain names that cannot write a name itself: what it mentions
    runs only where its names are used."""
    return isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) for t in node.targets) \
        and not any(isinstance(n, ast.NamedExpr) for n in ast.walk(node)) \
        and not {getattr(n, "id", None) or getattr(n, "attr", None)
                 for n in ast.walk(node)} & WRITERS


def _imported(node: ast.Import | ast.ImportFrom) -> dict[str, str]:
    """{name bound: the dotted path of what it is bound to} for a top-level import."""
    if isinstance(node, ast.Import):
        return {(a.asname or a.name.split(".")[0]): (a.name if a.asname else
                                                     a.name.split(".")[0]) for a in node.names}
    module = "." * node.level + (node.module or "")
    return {(a.asname or a.name): f"{module}.{a.name}" for a in node.names if a.name != "*"}


DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _binds(node: ast.AST, name: str) -> bool:
    """Whether a node binds `name` in the scope it is in (every binding form Python has)."""
    if isinstance(node, ast.Name):
        return node.id == name and isinstance(node.ctx, ast.Store | ast.Del)
    if isinstance(node, ast.Import | ast.ImportFrom):
        return any(a.name == "*" or (a.asname or a.name.split(".")[0]) == name
                   for a in node.names)
    if isinstance(node, ast.MatchMapping):
        return node.rest == name
    if isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar, *DEFS)):
        return node.name == name
    return False


def rebinding(trees: list[ast.Module], name: str) -> ast.AST | None:
    """The top-level statement of the first place that binds `name` at module scope other than
    its own top-level `def`/`class` (the first one; undecorated), from any depth: an assignment,
    a for/with/except target, a match capture, a walrus (in a comprehension too), an import (a
    star import of anything), `del`, a second def or class, a decorator on its own def, and any
    `global name` in a function or class. None when its def is the only binding."""
    own = next((n for tree in trees for n in tree.body
                if isinstance(n, DEFS) and n.name == name), None)
    stack = [(node, True, node) for tree in reversed(trees) for node in reversed(tree.body)]
    while stack:
        node, module, top = stack.pop()
        if isinstance(node, ast.Global) and name in node.names or node is own and (
                own.decorator_list) or module and node is not own and _binds(node, name):
            return top
        outer, inner = [], []  # children in the enclosing scope, in a scope of their own
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            a = node.args
            outer = [*getattr(node, "decorator_list", []), *a.defaults,
                     *(d for d in a.kw_defaults if d is not None)]
            inner = [a, *(node.body if isinstance(node.body, list) else [node.body])]
        elif isinstance(node, ast.ClassDef):
            outer = [*node.decorator_list, *node.bases, *node.keywords]
            inner = node.body
        elif isinstance(node, COMPREHENSIONS):  # its targets are its own; a walrus is not
            inner = [g.target for g in node.generators]
            outer = [c for c in ast.iter_child_nodes(node) if c not in node.generators] + [
                c for g in node.generators for c in (g.iter, *g.ifs)]
        else:
            outer = list(ast.iter_child_nodes(node))
        stack += [(c, module, top) for c in reversed(outer)]
        stack += [(c, False, top) for c in reversed(inner)]
    return None


def _first(node: ast.AST) -> str:
    return first_line(ast.unparse(node))[:60]


def _kit_functions(module: str, name: str, alias: str | None) -> set[str]:
    """The names `from module import name [as alias]` binds to the kit's functions (its classes
    and records are plain vocabulary; its modules are looked into by attribute)."""
    import importlib

    try:
        space = vars(importlib.import_module(module))
    except Exception:  # a module the kit does not have: nothing of the kit's is bound
        return set()
    if name == "*":
        exported = space.get("__all__", [n for n in space if not n.startswith("_")])
        return {n for n in exported if callable(space.get(n)) and not isinstance(space.get(n),
                                                                               type)}
    value = space.get(name)
    if value is None:  # a submodule: `from kit import edf`
        return set()
    return {alias or name} if callable(value) and not isinstance(value, type) else set()


def reference_flags(trees: list[ast.Module], topic: str) -> tuple[tuple[str, str], ...]:
    """Questions whose function (or a notebook-level name it uses, followed through the
    notebook's own definitions, assignments and imports) imports a module, reaches a module
    object (the kit's, or any but the plain ones of PLAIN_MODULES) or a name imported from one,
    uses the kit's functions, names the kit's reference for the question, or looks code up by a
    name computed at run time (DYNAMIC, a dunder attribute, a `match` class pattern): (question,
    why). Only the questions whose own function reaches such a thing are flagged, and those
    whose name the notebook's top-level code may bind again."""
    imports = {name: path for tree in trees for node in tree.body
               if isinstance(node, ast.Import | ast.ImportFrom)
               for name, path in _imported(node).items()}
    kit_names, uses = set(), {}
    for tree in trees:
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "kit":
                for alias in node.names:
                    kit_names |= _kit_functions(node.module, alias.name, alias.asname)
            if isinstance(node, ast.Import | ast.ImportFrom):
                continue
            targets = ([node.name] if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef
                                                   | ast.ClassDef)
                       else [t.id for t in getattr(node, "targets", [getattr(node, "target",
                                                                              None)])
                             if isinstance(t, ast.Name)])
            for name in targets:
                uses.setdefault(name, set()).update(_mentions(node, imports))
    top_level = [n for tree in trees for n in tree.body
                 if not isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)]
    runs = set().union(*(_mentions(n, imports) for n in top_level if not _reads(n))) \
        if top_level else set()
    todo = sorted(runs & set(uses))
    while todo:  # the notebook's functions its top-level code calls run at top level too
        name = todo.pop()
        if name not in runs or name in runs & set(uses) and not uses[name] <= runs:
            runs |= uses[name]
            todo += sorted(uses[name] & set(uses) - runs)
        runs.add(name)
    rebinds = sorted(m.lstrip(".") for m in runs if m.lstrip(".") in REBINDS)
    flags = []
    dynamic = DYNAMIC | {"." + d for d in DYNAMIC}
    for q, problem in questions(topic).items():
        name = problem.answer_name
        reference = getattr(problem.reference, "__name__", name)
        bound = rebinding(trees, name)
        seen, todo, why = set(), [name], None
        if bound is not None:
            why = f"is bound again at module scope (`{_first(bound)}`)"
        elif rebinds:
            why = f"may be bound again by the notebook's top-level code ({', '.join(rebinds)})"
        while todo and why is None:
            name_ = todo.pop()
            if name_ in seen:
                continue
            seen.add(name_)
            mentioned = uses.get(name_, set())
            reached = sorted(m[len("module "):] for m in mentioned if m.startswith("module "))
            if "import" in mentioned or "'kit'" in mentioned:
                why = "imports a module inside the notebook's code for it"
            elif reached:
                why = f"reaches the module or import {', '.join(reached)} (`{name_}`)"
            elif mentioned & kit_names:
                why = f"uses the kit's {', '.join(sorted(mentioned & kit_names))}"
            elif {"." + reference, ".solution", ".reference"} & mentioned or (
                    reference in mentioned and reference not in uses):
                why = f"names the kit's reference {reference}"
            elif "match" in mentioned:
                why = "looks attributes up by a `match` class pattern"
            elif "__" in mentioned or "._" in mentioned:
                why = "looks code up through a dunder or a module's private attribute"
            elif mentioned & dynamic:
                why = ("reaches code by a computed name "
                       f"({', '.join(sorted(m.lstrip('.') for m in mentioned & dynamic))})")
            todo += sorted(mentioned & set(uses) - seen)
        if why and name in uses:
            flags.append((q, f"{name} {why}: check it does not call the kit's own {reference}"))
    return tuple(flags)


def first_line(source: str) -> str:
    """A cell's first line that is not blank, as the grader shows learner text."""
    line = next((s for s in source.splitlines() if s.strip()), "")
    return shown(line.strip()[:80])


# -- which files, whose -------------------------------------------------------------------------

def course_of(path: str) -> Path | None:
    """The nbgrader course folder `path` is, or is the `submitted/` of, or lies inside: the
    outermost folder named `submitted` above it decides (a learner's own folder may hold a
    `submitted/` too)."""
    p = Path(os.path.abspath(path))
    for candidate in reversed([p, *p.parents]):
        if candidate.name == "submitted":
            return candidate.parent
    return p if (p / "submitted").is_dir() else None


class Assignment(NamedTuple):
    """What the teacher set: the topic, the notebook's file name, the assignment's folder name
    (None: any)."""

    topic: str
    notebook: str
    folder: str | None = None


def course_assignments(course: Path) -> set[Assignment]:
    """The assignments the course's own notebooks set (source/<assignment>/, else
    release/<assignment>/)."""
    for kind in ("source", "release"):
        found = set()
        for nb_path in sorted((course / kind).glob("*/*.ipynb")):
            try:
                topic = exercises_of(json.loads(nb_path.read_text()))
            except (OSError, ValueError, RecursionError):
                continue
            if topic:
                found.add(Assignment(topic, nb_path.name, nb_path.parent.name))
        if found:
            return found
    return set()


def _walk(root: str) -> list[str]:
    """Every file below root, and every folder or link to one named `*.ipynb` (a row each: not
    a regular file), never following links nor entering hidden folders."""
    found = []
    for folder, subfolders, files in os.walk(root):  # never follows links
        entries = sorted(files + [d for d in subfolders if d.endswith(".ipynb")])
        subfolders[:] = sorted(d for d in subfolders if not d.startswith(".")
                               and not d.endswith(".ipynb"))
        found += [os.path.join(folder, f) for f in entries]
    return found


def expand(arguments: list[str]) -> list[str]:
    """The files named: a file as it is; a folder as every notebook below it (`.ipynb` in any
    case; links and hidden
    folders not followed); an nbgrader course folder as its `submitted/`, where every student
    folder (a hidden one too) is named with every file in it (one with no file, or a link, is a
    row saying so)."""
    paths = []
    for arg in arguments:
        if not os.path.isdir(arg) or os.path.islink(arg):
            paths.append(arg)
            continue
        root = os.path.join(arg, "submitted") if os.path.isdir(os.path.join(arg, "submitted")) \
            else arg
        if os.path.basename(os.path.abspath(root)) != "submitted":
            paths += [p for p in _walk(root) if p.lower().endswith(".ipynb") or
                      _student_of(Path(os.path.abspath(p)))]
            continue
        for entry in sorted(os.listdir(root)):  # every student folder, a hidden one too
            folder = os.path.join(root, entry)
            if os.path.isdir(folder) and not os.path.islink(folder):
                paths += _walk(folder) or [folder]
            elif os.path.isdir(folder) or entry.lower().endswith(".ipynb"):
                paths.append(folder)
    return paths


def _student_of(path: Path) -> tuple[str, Path] | None:
    """(student, their folder) for a file below `submitted/<student>/`, the outermost
    `submitted/` deciding (one a learner makes inside their own folder is theirs)."""
    for parent in reversed(path.parents):
        if parent.parent.name == "submitted" and parent.parent != parent:
            return parent.name, parent
    return None


def submissions(paths: list[str], assignment: Assignment) -> list[Submission]:
    """One submission per student folder (nbgrader's layout) or per other file named, in the
    order first met. A student folder's graded notebook is the assignment's notebook directly
    in the assignment's folder, else the only notebook directly in an assignment folder;
    everything else in the student's folder is an extra."""
    absolute = [Path(os.path.abspath(p)) for p in paths]
    folders: dict[tuple[Path, str], list[Path]] = {}
    loose: list[tuple[str, Path]] = []
    first: dict[Path, str] = {}
    linked = set()
    for path, given in zip(absolute, paths, strict=True):
        if path in first:
            raise Refusal(f"the submission {given} is named twice (grade each student once)")
        first[path] = given
        owner = _student_of(path)
        if path.parent.name == "submitted" and os.path.isdir(path):  # a student's folder
            folders.setdefault((path.parent, path.name), [])
            if os.path.islink(path):
                linked.add((path.parent, path.name))
        elif owner is not None:
            folders.setdefault((owner[1].parent, owner[0]), []).append(path)
        else:
            loose.append((given, path))
    out = []
    for key, files in folders.items():
        student = key[1]
        if key in linked:
            out.append(Submission(student, None, (), "the student's folder is a symbolic link; "
                                  "not graded"))
            continue
        chosen = _assignment_notebook(files, assignment)
        extras = tuple(sorted(str(f.relative_to(_student_of(f)[1])) for f in files
                              if f != chosen))
        why = None if chosen else (f"no {assignment.notebook} in the student's folder"
                                   f"{': found ' + ', '.join(extras) if extras else ''}")
        out.append(Submission(student, str(chosen) if chosen else None, extras, why))
    if loose:
        common = Path(os.path.commonpath([str(p.parent) for _, p in loose]))
        for given, p in loose:
            out.append(Submission(p.relative_to(common).with_suffix("").as_posix(), given))
    out = [s._replace(student=shown(s.student, name=True),
                      extras=tuple(shown(e, name=True) for e in s.extras))
           for s in out]
    seen: dict[str, str] = {}
    for s in out:
        if s.student in seen:
            raise Refusal(f"two submissions are the same student {s.student!r}: "
                          f"{seen[s.student]} and {s.path} (grade each student once)")
        seen[s.student] = s.path or s.student
    written: dict[str, Submission] = {}  # each id as every output writes it (escaped)
    for s in out:
        for text in dict.fromkeys(written_ids(s.student)):
            other = written.setdefault(text, s)
            if other.student != s.student:
                raise Refusal(f"two students would be written as the same id {text!r}: "
                              f"{other.student!r} ({other.path or other.student}) and "
                              f"{s.student!r} ({s.path or s.student}); a CSV writes a leading "
                              "= + - @ (and Canvas its own header words) after a ', so rename "
                              "one of them")
    return out


def written_ids(student: str) -> tuple[str, ...]:
    """The id as the CSV and the Canvas CSV write it."""
    from kit.grading.gradebook import cell, own_word

    return cell(student), cell(own_word(student))


def look_alikes(students: list[str]) -> dict[str, str]:
    """{student: why} for the ids that look like another's (equal once written in one Unicode
    form and case: NFC and NFD `josé`, the Kelvin sign and `K`): a teacher must tell them apart."""
    groups: dict[str, list[str]] = {}
    for student in students:
        groups.setdefault(unicodedata.normalize("NFKC", student).casefold(), []).append(student)
    return {s: "looks like " + ", ".join(ascii(o) for o in group if o != s) + f" (this one is "
            f"{ascii(s)}): ids that differ only in Unicode form or case"
            for group in groups.values() if len(group) > 1 for s in group}


def _assignment_notebook(files: list[Path], assignment: Assignment) -> Path | None:
    """The notebook directly in the assignment's folder (or, in a layout without one, directly
    in the student's folder) named as the assignment's, else the only one there."""
    def depth(f: Path) -> int:
        return len(f.relative_to(_student_of(f)[1]).parts)

    top = [f for f in files if f.suffix == ".ipynb" and (
        depth(f) == 2 and assignment.folder in (None, f.parent.name) or depth(f) == 1)]
    named = [f for f in top if f.name == assignment.notebook]
    if len(named) == 1:
        return named[0]
    return top[0] if len(top) == 1 and not named else None


def class_assignment(paths: list[str], given: str | None) -> Assignment:
    """The assignment as the teacher set it: --exercises, else the course's own notebook (its
    folder and file name then pick each student's notebook). Else a Refusal saying how."""
    courses = {c for c in map(course_of, paths) if c is not None}
    from_course = set().union(*map(course_assignments, sorted(courses)))
    if given is not None:
        mine = [a for a in from_course if a.topic == given]
        return mine[0] if len(mine) == 1 else Assignment(given, handout_name(given))
    if len(from_course) == 1:
        return from_course.pop()
    if from_course:
        raise Refusal(f"the course sets {len(from_course)} assignments ("
                      + ", ".join(f"{a.folder}/{a.notebook}: {a.topic}"
                                  for a in sorted(from_course, key=lambda a: a.folder or ""))
                      + "); pass --exercises TOPIC to grade one of them")
    raise Refusal("which exercises is this class graded on? pass --exercises TOPIC, or put the "
                  "assignment's notebook in the course's source/<assignment>/ folder "
                  f"(topics: {', '.join(TOPICS)})")


# -- snapshots ----------------------------------------------------------------------------------

def snapshot(path: str, into: Path) -> tuple[Path | None, str | None]:
    """A private copy of a submission, taken before any learner code runs: (copy, None), or
    (None, why it is not graded): not a regular file, a symbolic link, larger than the cap."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as e:
        if os.path.islink(path):
            return None, "the submission is a symbolic link; not graded"
        return None, f"the submission cannot be read ({type(e).__name__}: {e.strerror})"
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None, "the submission is not a regular file; not graded"
        if info.st_size > MAX_NOTEBOOK_BYTES:
            return None, (f"the submission is larger than {MAX_NOTEBOOK_BYTES >> 20} MB "
                          f"({info.st_size:,} bytes); not graded")
        data = os.read(fd, MAX_NOTEBOOK_BYTES + 1)
        while len(data) <= MAX_NOTEBOOK_BYTES:
            more = os.read(fd, MAX_NOTEBOOK_BYTES + 1 - len(data))
            if not more:
                break
            data += more
        if len(data) > MAX_NOTEBOOK_BYTES:
            return None, f"the submission is larger than {MAX_NOTEBOOK_BYTES >> 20} MB; not graded"
    finally:
        os.close(fd)
    copy = Path(tempfile.mkstemp(dir=into, suffix=".ipynb")[1])
    copy.write_bytes(data)
    return copy, None


def read_notebook(copy: Path) -> tuple[dict | None, str | None]:
    try:
        nb = json.loads(copy.read_bytes())
    except (ValueError, RecursionError, MemoryError) as e:
        return None, f"not a readable notebook: {type(e).__name__}: {str(e)[:200]}"
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        return None, "not a readable notebook: no list of cells"
    return nb, None


def prepare(paths: list[str], topic: str | None,
            folder: Path) -> tuple[list[PreparedSubmission], str]:
    """The class's topic (the teacher's), and a PreparedSubmission per student: snapshot, cells,
    what the cells define, flags, notes."""
    assignment = class_assignment(paths, topic)
    topic = assignment.topic
    jobs = []
    students = submissions(paths, assignment)
    alike = look_alikes([s.student for s in students])
    for s in students:
        notes = [f"also in the student's folder, ignored: {', '.join(s.extras)[:500]}"] \
            if s.extras else []
        flags = (("id", alike[s.student]),) if s.student in alike else ()
        notes += [f"the id {alike[s.student]}"] if flags else []
        if s.path is None:
            jobs.append(PreparedSubmission(s.student, s.student, s.why, notes=tuple(notes),
                                           flags=flags))
            continue
        copy, why = snapshot(s.path, folder)
        nb = None
        if copy is not None:
            nb, why = read_notebook(copy)
        if nb is None:
            jobs.append(PreparedSubmission(str(copy or s.path), s.student, why, notes=tuple(notes),
                                           flags=flags))
            continue
        said = exercises_of(nb)
        if said not in (None, topic):
            notes.append(f"this notebook says it answers {said}; the class is graded on {topic}")
        cells = tuple(code_cells(nb))
        size = sum(len(c.encode("utf-8", "surrogatepass")) for c in cells)
        if size > MAX_CODE_BYTES:
            jobs.append(PreparedSubmission(str(copy), s.student, (
                f"the notebook's code is too large to grade: {size:,} bytes in its code cells, "
                f"more than {MAX_CODE_BYTES >> 10} KB; not graded (keep data in files, not in "
                "cells)"), notes=tuple(notes), flags=flags))
            continue
        trees = _trees(cells)
        jobs.append(PreparedSubmission(str(copy), s.student, None, cells, tuple(notes),
                                       defined_names(trees),
                                       flags + reference_flags(trees, topic)))
    return jobs, topic

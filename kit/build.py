"""solutions/ -> notebooks/: the learner build, and real outputs in both.

`solutions/NN_topic.ipynb` is the only source. In a code cell, the lines between
`### BEGIN SOLUTION` and `### END SOLUTION` are the answer; the learner build replaces them with
`raise NotImplementedError` at the same indentation. Both builds are executed with nbclient, so
every stored output is real and nbval has something to compare.

One text per answer: before anything runs, each cell that defines an exercise's answer (a
top-level `def` or `class` with the name of a problem's `answer` in the notebook's exercises
module) is rewritten from that answer's text in the module, so the notebook, `solution()` and the
check can never hold three different answers. Both builds record their exercises module in the
notebook metadata (`kit.exercises`), which the grader reads.
"""

import ast
import copy
import importlib
import re
from pathlib import Path

import nbformat
from nbclient import NotebookClient

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
ROOT = Path(__file__).resolve().parent.parent
VOLATILE_METADATA = ("widgets", "language_info")
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_BLOCK = re.compile(rf"^([ \t]*){re.escape(BEGIN)}[^\n]*\n.*?^[ \t]*{re.escape(END)}[^\n]*(\n|$)",
                    re.MULTILINE | re.DOTALL)


def strip_solutions(source: str) -> str:
    """Replace each solution block by `raise NotImplementedError` at the marker's indentation."""
    if source.count(BEGIN) != source.count(END):
        raise ValueError(f"unbalanced solution markers in cell:\n{source}")
    return _BLOCK.sub(lambda m: f"{m.group(1)}raise NotImplementedError{m.group(2)}", source)


def topic_answers(topic: str) -> dict[str, object]:
    """{name: answer} for the problems of an exercises module that declare their answer."""
    from kit.checks.answers import source_of
    module = importlib.import_module(f"kit.exercises.{topic}")
    found = {}
    for problem in module.PROBLEMS:
        if problem.answer is not None:
            name = problem.answer.__name__
            if found.get(name, problem.answer) is not problem.answer:
                raise ValueError(f"{topic}: two different answers are named {name!r}")
            found[name] = problem.answer
            source_of(problem.answer)  # fails now, not halfway through a build
    return found


def with_answers(nb: nbformat.NotebookNode, topic: str | None) -> nbformat.NotebookNode:
    """The notebook with every answer's cell text taken from its exercises module; an answer
    that no cell defines is an error (the notebook would teach another text)."""
    from kit.checks.answers import solved_cell, source_of
    nb = copy.deepcopy(nb)
    if topic is None:
        return nb
    nb.metadata["kit"] = {"exercises": topic}
    nbgrader_cells(nb, topic)
    wanted, written = topic_answers(topic), set()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:  # IPython magics: no answer lives there
            continue
        lines = cell.source.splitlines(True)
        for node in reversed(tree.body):
            name = getattr(node, "name", None)
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and name in wanted:
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                last = node.end_lineno  # and the indented comments after it (END markers)
                while last < len(lines) and lines[last][:1] in (" ", "\t"):
                    last += 1
                lines[first - 1:last] = [solved_cell(source_of(wanted[name]))]
                written.add(name)
        cell.source = "".join(lines).rstrip("\n")
    missing = sorted(set(wanted) - written)
    if missing:
        raise ValueError(f"{topic}: no cell of the notebook defines {', '.join(missing)}; add a "
                         "cell with that def or class and the build fills it in")
    return nb


GRADED = re.compile(r"^\s*ex\.(q\d+)\.check\(\w+\)\s*$")  # a cell that checks one exercise


def nbgrader_cells(nb: nbformat.NotebookNode, topic: str) -> nbformat.NotebookNode:
    """Mark cells the way nbgrader (schema 3) reads them, so a course can also run its own
    autograde: a cell with a solution block is a solution cell; a cell that is exactly
    `ex.qN.check(answer)` is a graded cell worth the problem's points (under nbgrader a failed
    check raises, which is how nbgrader scores). Demo checks (tagged `demo`) are neither."""
    from kit.exercises import questions
    problems = questions(topic)
    for cell in nb.cells:
        if cell.cell_type != "code" or "demo" in cell.metadata.get("tags", []):
            continue
        graded = GRADED.match(cell.source)
        base = {"grade_id": f"{topic}-{cell.id}", "schema_version": 3, "task": False}
        if graded and graded.group(1) in problems:
            cell.metadata["nbgrader"] = {**base, "grade": True, "solution": False, "locked": True,
                                         "points": problems[graded.group(1)].points}
        elif BEGIN in cell.source:
            cell.metadata["nbgrader"] = {**base, "grade": False, "solution": True,
                                         "locked": False}
    return nb


def learner_version(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of a solution notebook with every solution block replaced and outputs cleared."""
    nb = copy.deepcopy(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.source = strip_solutions(cell.source)
            cell.outputs, cell.execution_count = [], None
    return nb


def tidy(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop what changes from run to run: widget views (model ids), widget state, timings."""
    for key in VOLATILE_METADATA:
        nb.metadata.pop(key, None)
    nb.metadata["kernelspec"] = KERNELSPEC
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        for out in cell.get("outputs", []):
            out.get("data", {}).pop(WIDGET_VIEW, None)
            out.get("metadata", {}).pop(WIDGET_VIEW, None)
    return nb


def execute(nb: nbformat.NotebookNode, cwd: Path, timeout: int = 600) -> nbformat.NotebookNode:
    """Run every cell in a fresh kernel (the current Python), in `cwd`; errors stop the build
    except in cells tagged `raises-exception`. A cell's stdout arrives in as many pieces as the
    kernel happened to flush, so the pieces are merged into one output per stream (as nbval
    does when it compares)."""
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                            store_widget_state=False, coalesce_streams=True,
                            resources={"metadata": {"path": str(cwd)}})
    client.execute()
    return tidy(nb)


def build(names: list[str] | None = None, root: Path = ROOT, run: bool = True,
          log=print) -> list[Path]:
    """Build the learner notebooks for `names` (stems such as "02_edf_lateness"; default all).

    Writes executed notebooks to solutions/ and notebooks/ under `root`; returns the paths written.
    """
    sources, target = root / "solutions", root / "notebooks"
    target.mkdir(exist_ok=True)
    written = []
    for path in sorted(sources.glob("*.ipynb")):
        if names and path.stem not in names:
            continue
        from kit.exercises import topic_of
        solved = with_answers(nbformat.read(path, as_version=4), topic_of(path.stem))
        learner = learner_version(solved)
        if run:
            log(f"executing {path.relative_to(root)}")
            solved = execute(solved, sources)
            log(f"executing notebooks/{path.name} (learner build)")
            learner = execute(learner, target)
        for nb, out in ((solved, path), (learner, target / path.name)):
            nbformat.validate(nb)
            nbformat.write(nb, out)
            written.append(out)
    return written

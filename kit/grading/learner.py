"""The learner's side of grading: run a notebook's code, then answer one question at a time.

Started by the grader inside its sandbox (`kit.grading.isolation`) as an isolated interpreter
(`python -I -B`), unprivileged, in an empty private folder. Requests come as JSON lines on stdin,
answers go as JSON lines on stdout; the learner's own prints go to /dev/null. This process never
sees an expected answer: it calls the learner's function on the cases it is sent and reports what
came back. Nothing here is trusted by the grader: once the notebook's code has run, this process
is the learner's, and the grader only reads plain data from it, by its own clock.

Protocol (one JSON object per line):
  in:  {"cells": [source, ...], "exercises": "edf_lateness", "cell_seconds": 10}
  out: {"ready": true}                (imports done, before any of the notebook's code runs)
  out: {"errors": [{"cell": i, "line": n, "error": "..."}, ...]}   (the cells have run)
  in:  {"q": "q1"}                    this process forks; the child answers q1:
  out: {"started": "q1"}
  in:  {"case": <wire>}            -> out: {"kind": ..., "value": <wire>, "error": ...,
                                               "called": [the kit's functions it called]}
The grader ends each question by killing every process but this one (the child, and anything it
started), keeping this process stopped while the child answers.
"""

import ast
import json
import os
import sys
import threading
from pathlib import Path

CELL_SECONDS = 10
TOOLS = frozenset({"build", "quiz", "sim_cli", "__main__", "__init__"})  # not answers' kin
PROBE_OFF = "the call watch was turned off"
_setprofile, _getprofile = sys.setprofile, sys.getprofile  # before any cell can replace them


def kit_functions(topic: str) -> dict[tuple[str, int], str]:
    """(file, first line) of every top-level function of the kit's core modules (`kit/*.py`,
    read from their source) and of the topic's references -> its name (`kit.edf.edf_order`):
    the code an answer is watched for calling. Classes and their methods are vocabulary."""
    import kit
    from kit.exercises import questions

    found = {}
    for path in sorted(Path(kit.__file__).parent.glob("*.py")):
        if path.stem in TOOLS:
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                found[(str(path), first)] = f"kit.{path.stem}.{node.name}"
    for problem in questions(topic).values():
        code = getattr(problem.reference, "__code__", None)
        if code is not None:
            found[(code.co_filename, code.co_firstlineno)] = (
                f"{problem.reference.__module__}.{problem.reference.__qualname__}")
    return found


class CallWatch:
    """While an answer runs: which of the kit's functions (`kit_functions`) code that is not the
    kit's own called, in this thread and the threads it starts (a profile hook, which the
    engine's line tracing leaves alone). It only ever adds names, so what it reports can be
    believed; an answer can hide a call from it (a copy of the code under another file name, a
    process of its own, turning it off: said as PROBE_OFF), never invent one for a classmate."""

    def __init__(self, functions: dict[tuple[str, int], str]):
        import kit

        self.functions, self.called = functions, set()
        self.kit = str(Path(kit.__file__).parent) + os.sep
        self.hook = self._profile  # one bound method, compared by identity below

    def _profile(self, frame, event, arg):
        if event == "call":
            code = frame.f_code
            name = self.functions.get((code.co_filename, code.co_firstlineno))
            if name is not None:
                caller = frame.f_back
                if caller is None or not caller.f_code.co_filename.startswith(self.kit) or \
                        code is self.answer_code:
                    self.called.add(name)

    def run(self, fn, call):
        """`call()` (which calls `fn`) watched; what it returned."""
        self.answer_code = getattr(fn, "__code__", None)
        previous = _getprofile()
        threading.setprofile(self.hook)
        _setprofile(self.hook)
        try:
            return call()
        finally:
            if _getprofile() is not self.hook:
                self.called.add(PROBE_OFF)
            _setprofile(previous)
            threading.setprofile(None)


def _line_in(tb, filename: str) -> int:
    """The line of `filename` (a cell) where the traceback `tb` last was."""
    line = 0
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def run_cells(cells: list[str], namespace: dict, seconds: float = CELL_SECONDS) -> list[dict]:
    """Execute each cell in one namespace; a cell that fails is reported ({cell, line, error},
    the line counted inside the cell) and the rest still run. The alarm that stops a long cell
    is a courtesy to honest notebooks: the grader's own clock bounds the whole start-up,
    whatever the notebook does to its signals."""
    from kit.checks.engine import OutOfTime, call_with_timeout
    from kit.grading.intake import runnable

    errors = []
    for i, source in enumerate(cells):
        name = f"<cell {i}>"
        try:
            code = compile(runnable(source), name, "exec")
            call_with_timeout(lambda code=code: exec(code, namespace), seconds)
        except OutOfTime as e:
            errors.append({"cell": i, "line": _line_in(e.__traceback__, name),
                           "error": f"still running after {seconds:g} s; stopped"})
        except SyntaxError as e:
            errors.append({"cell": i, "line": e.lineno or 0,
                           "error": f"SyntaxError: {e.msg}"})
        except BaseException as e:  # the learner's notebook may raise anything, even SystemExit
            errors.append({"cell": i, "line": _line_in(e.__traceback__, name),
                           "error": f"{type(e).__name__}: {str(e)[:200]}"})
    return errors


def answer(problem, namespace: dict, request: dict, watch: CallWatch | None = None) -> dict:
    from kit.checks.engine import NOT_ATTEMPTED, observe_locally
    from kit.grading import wire

    name = problem.answer_name
    fn = namespace.get(name)
    if fn is None:
        return {"kind": NOT_ATTEMPTED, "error": f"the notebook defines no {name}"}
    observe, case = observe_locally(problem, fn), wire.loads(request["case"])
    seen = watch.run(fn, lambda: observe(case)) if watch else observe(case)
    try:
        value = wire.dumps(seen.value)
    except (wire.WireError, TypeError, ValueError, RecursionError) as e:
        return {"kind": "crashed", "error": str(e)[:300]}
    return {"kind": seen.kind, "value": value, "error": seen.error[:500]}


def _answer_questions(problem, namespace: dict, requests, out, watch: CallWatch) -> None:
    for line in requests:
        try:
            reply = answer(problem, namespace, json.loads(line), watch)
        except BaseException as e:  # never die silently: say why
            reply = {"kind": "crashed", "error": f"{type(e).__name__}: {str(e)[:300]}"}
        if watch.called:
            reply["called"] = sorted(watch.called)
        out.write(json.dumps(reply) + "\n")
        out.flush()


def main() -> int:
    # The two pipes move off fds 0 and 1, which then lead nowhere: the notebook's prints and
    # reads cannot touch the grader's requests or answers by accident.
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    sys.stdin, sys.stdout, sys.stderr = (open(os.devnull), open(os.devnull, "w"),
                                         open(os.devnull, "w"))
    setup = json.loads(requests.readline())
    from kit.exercises import questions

    problems = questions(setup["exercises"])
    functions = kit_functions(setup["exercises"])  # read before any of the notebook's code runs
    out.write(json.dumps({"ready": True}) + "\n")
    out.flush()
    namespace = {"__name__": "__main__"}
    errors = run_cells(setup["cells"], namespace, float(setup.get("cell_seconds", CELL_SECONDS)))
    out.write(json.dumps({"errors": errors}) + "\n")
    out.flush()
    for line in requests:
        try:
            q = json.loads(line).get("q")
        except (ValueError, AttributeError):
            continue
        if q not in problems:
            continue
        child = os.fork()
        if child == 0:  # the question's own process: the grader kills it when the question ends
            try:
                out.write(json.dumps({"started": q}) + "\n")
                out.flush()
                _answer_questions(problems[q], namespace, requests, out, CallWatch(functions))
            finally:
                os._exit(0)
        try:
            os.waitpid(child, 0)
        except ChildProcessError:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

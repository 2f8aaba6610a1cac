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
  out: {"notes": [...]}               (the cells have run)
  in:  {"q": "q1"}                    this process forks; the child answers q1:
  out: {"started": "q1"}
  in:  {"case": <wire>}            -> out: {"kind": ..., "value": <wire>, "error": ...}  (repeated)
The grader ends each question by killing every process but this one (the child, and anything it
started), keeping this process stopped while the child answers.
"""

import json
import os
import re
import sys

CHECK_CALL = re.compile(r"^\s*[\w.]+\.q\d+\.(check|hint|solution)\(.*\)\s*;?\s*$")
CELL_SECONDS = 10


def runnable(source: str) -> str:
    """A cell's code without IPython magics, shell escapes and calls to check/hint/solution."""
    lines = []
    for line in source.splitlines():
        stripped = line.strip()
        if stripped.startswith(("%", "!")) or CHECK_CALL.match(line):
            lines.append("")
        else:
            lines.append(line)
    return "\n".join(lines)


def run_cells(cells: list[str], namespace: dict, seconds: float = CELL_SECONDS) -> list[str]:
    """Execute each cell in one namespace; a cell that fails is noted and the rest still run.
    The alarm that stops a long cell is a courtesy to honest notebooks: the grader's own clock
    bounds the whole start-up, whatever the notebook does to its signals."""
    from kit.checks.engine import _TimedOut, call_with_timeout

    notes = []
    for i, source in enumerate(cells, 1):
        try:
            code = compile(runnable(source), f"<cell {i}>", "exec")
            call_with_timeout(lambda code=code: exec(code, namespace), seconds)
        except _TimedOut:
            notes.append(f"cell {i} still running after {seconds:g} s; stopped")
        except BaseException as e:  # the learner's notebook may raise anything, even SystemExit
            notes.append(f"cell {i} raised {type(e).__name__}: {str(e)[:200]}")
    return notes


def answer(problem, namespace: dict, request: dict) -> dict:
    from kit.checks.engine import NOT_ATTEMPTED, observe_locally
    from kit.grading import wire

    name = problem.answer_name
    fn = namespace.get(name)
    if fn is None:
        return {"kind": NOT_ATTEMPTED, "error": f"the notebook defines no {name}"}
    if getattr(fn, "__module__", None) != "__main__":  # imported, e.g. the kit's own version
        return {"kind": NOT_ATTEMPTED, "error": f"{name} was imported, not written in the "
                f"notebook ({getattr(fn, '__module__', '?')})"}
    seen = observe_locally(problem, fn)(wire.loads(request["case"]))
    try:
        value = wire.dumps(seen.value)
    except (wire.WireError, TypeError, ValueError, RecursionError) as e:
        return {"kind": "crashed", "error": str(e)[:300]}
    return {"kind": seen.kind, "value": value, "error": seen.error[:500]}


def _answer_questions(problem, namespace: dict, requests, out) -> None:
    for line in requests:
        try:
            reply = answer(problem, namespace, json.loads(line))
        except BaseException as e:  # never die silently: say why
            reply = {"kind": "crashed", "error": f"{type(e).__name__}: {str(e)[:300]}"}
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
    out.write(json.dumps({"ready": True}) + "\n")
    out.flush()
    namespace = {"__name__": "__main__"}
    notes = run_cells(setup["cells"], namespace, float(setup.get("cell_seconds", CELL_SECONDS)))
    out.write(json.dumps({"notes": notes}) + "\n")
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
                _answer_questions(problems[q], namespace, requests, out)
            finally:
                os._exit(0)
        try:
            os.waitpid(child, 0)
        except ChildProcessError:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The learner's side of grading: run a notebook's code, then answer one question's cases.

Started by the grader as `python -m kit.grading.learner FD` in a fresh interpreter, already
limited (memory, CPU, processes) and, where the grader runs as root, as an unprivileged user in an
empty working folder. It reads requests as JSON lines on stdin and writes answers as JSON lines
to file descriptor FD; the learner's own prints go nowhere. It never sees expected answers: it
only calls the learner's function on the cases it is sent and reports what came back.

Protocol (one JSON object per line):
  in:  {"cells": [source, ...], "exercises": "edf"}   ->  out: {"notes": [...]}
  in:  {"q": "q1", "case": <wire>}                     ->  out: {"kind": ..., "value": <wire>,
                                                                  "error": ...}
"""

import importlib
import json
import os
import re
import sys

CHECK_CALL = re.compile(r"^\s*[\w.]+\.q\d+\.(check|hint|solution)\(.*\)\s*;?\s*$")
CELL_SECONDS = 20


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
    """Execute each cell in one namespace; a cell that fails is noted and the rest still run."""
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


def answer(module, namespace: dict, request: dict) -> dict:
    from kit.checks.engine import NOT_ATTEMPTED, observe_locally
    from kit.grading import wire

    problem = getattr(module, request["q"])
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


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = os.fdopen(int(argv[0]), "w", buffering=1)
    real_stdin = sys.stdin
    sys.stdin = open(os.devnull)  # the learner's code cannot read the grader's requests
    setup = json.loads(real_stdin.readline())
    module = importlib.import_module(f"kit.exercises.{setup['exercises']}")
    namespace = {"__name__": "__main__"}
    notes = run_cells(setup["cells"], namespace, float(setup.get("cell_seconds", CELL_SECONDS)))
    out.write(json.dumps({"notes": notes}) + "\n")
    for line in real_stdin:
        try:
            reply = answer(module, namespace, json.loads(line))
        except BaseException as e:  # never die silently: say why
            reply = {"kind": "crashed", "error": f"{type(e).__name__}: {str(e)[:300]}"}
        out.write(json.dumps(reply) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

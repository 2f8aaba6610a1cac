"""Class grading: `python -m kit grade SUBMISSIONS... --out grades.csv [--report DIR]`.

Trust model. A learner's notebook runs in its own fresh interpreter (`kit.grading.learner`),
with limits on memory, CPU time, file size and processes, in an empty folder, and where possible
in its own PID namespace (so it cannot see or signal the grader). The grading process generates
the cases, sends them as plain data, reads plain data back (JSON, never objects), and compares with
the reference *here*. The learner's process never sees an expected answer or the comparison code,
so nothing it does to itself (redefining `check`, printing "passed", patching the kit) can raise
its score. A process that dies, hangs or floods is stopped; the question it was answering scores
0 with the reason, a fresh process answers the next question, and the run always writes the CSV.
"""

import argparse
import concurrent.futures as cf
import csv
import html
import io
import json
import os
import re
import resource
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from kit.checks.engine import CRASHED, NOT_ATTEMPTED, TIMED_OUT, Observation, Problem
from kit.exercises import TOPICS, questions
from kit.grading import wire

IMPORT = re.compile(r"from\s+kit\.exercises\s+import\s+(\w+)")
MEMORY_BYTES = 2 << 30
MAX_PROCESSES = 24  # per learner's process tree
START_SECONDS = 120  # to start the interpreter and run the notebook's cells


def problems_of(module_name: str) -> dict[str, Problem]:
    """The questions of an exercises module, in order: {"q1": Problem, ...}."""
    return questions(module_name)


def exercises_of(nb) -> str | None:
    """Which exercises module a notebook answers: the one its code imports."""
    for cell in nb.cells:
        if cell.cell_type == "code":
            for name in IMPORT.findall(cell.source):
                if name in TOPICS:
                    return name
    return None


def _use_pid_namespace() -> bool:
    if os.geteuid() != 0 or not shutil.which("unshare"):
        return False
    probe = subprocess.run(["unshare", "--pid", "--fork", "--kill-child", "true"],
                           capture_output=True, timeout=10)
    return probe.returncode == 0


def _count_user_processes() -> int:
    uid = os.getuid()
    return sum(1 for p in Path("/proc").iterdir() if p.name.isdigit() and _owner(p) == uid)


def _owner(p: Path) -> int:
    try:
        return p.stat().st_uid
    except OSError:
        return -1


def _session_size(sid: int) -> int:
    """How many processes are in session `sid` (the learner's process tree)."""
    n = 0
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                fields = (p / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            n += int(fields[3]) == sid  # field 6 of stat: the session id
    return n


class Learner:
    """One sandboxed interpreter holding a learner's notebook, answering cases on request."""

    def __init__(self, cells: list[str], exercises: str, use_ns: bool, cell_seconds: float = 20):
        self.folder = tempfile.mkdtemp(prefix="kit-learner-")
        reply_r, reply_w = os.pipe()
        nproc = None if os.geteuid() == 0 else _count_user_processes() + MAX_PROCESSES

        def limit():  # runs in the child, before the learner's interpreter starts
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
            resource.setrlimit(resource.RLIMIT_CPU, (300, 300))
            resource.setrlimit(resource.RLIMIT_FSIZE, (20 << 20, 20 << 20))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            if nproc is not None:
                resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))

        command = [sys.executable, "-m", "kit.grading.learner", str(reply_w)]
        if use_ns:
            command = ["unshare", "--pid", "--fork", "--kill-child", *command]
        env = {"PATH": os.environ.get("PATH", ""), "HOME": self.folder,
               "MPLCONFIGDIR": self.folder, "PYTHONDONTWRITEBYTECODE": "1",
               "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, cwd=self.folder, env=env,
                                     pass_fds=(reply_w,), preexec_fn=limit,
                                     start_new_session=True)
        os.close(reply_w)
        self.replies = os.fdopen(reply_r, "rb")
        self.buffer = b""
        self.dead = ""
        self._send({"cells": cells, "exercises": exercises, "cell_seconds": cell_seconds})
        hello = self._receive(START_SECONDS)
        self.notes = hello.get("notes", []) if isinstance(hello, dict) else []

    def _send(self, message: dict) -> None:
        try:
            self.proc.stdin.write((json.dumps(message) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self._stop("the notebook's process ended")

    def _receive(self, seconds: float):
        """The next reply line, or None (and the process stopped) on timeout, death or flood."""
        deadline = time.monotonic() + seconds
        fd = self.replies.fileno()
        while not self.dead:
            if b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                try:
                    return json.loads(line)
                except ValueError:
                    self._stop("the notebook's process sent something that is not an answer")
                    return None
            left = deadline - time.monotonic()
            if left <= 0:
                self._stop(f"no answer within {seconds:g} s")
                return None
            ready, _, _ = select.select([fd], [], [], min(left, 0.05))
            if not ready and _session_size(self.proc.pid) > MAX_PROCESSES:
                self._stop(f"started more than {MAX_PROCESSES} processes (fork bomb guard)")
                return None
            if ready:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    self.proc.wait(timeout=5)
                    self._stop(f"the notebook's process ended (exit code {self.proc.returncode})")
                    return None
                self.buffer += chunk
                if len(self.buffer) > wire.MAX_BYTES + 4096:
                    self._stop("the answer was too large")
                    return None
        return None

    def ask(self, question: str, case: tuple, seconds: float) -> Observation:
        if self.dead:
            return Observation(CRASHED, error=self.dead)
        self._send({"q": question, "case": wire.dumps(case)})
        reply = self._receive(seconds)
        if reply is None:
            kind = TIMED_OUT if "no answer within" in self.dead else CRASHED
            return Observation(kind, error=self.dead)
        kind = reply.get("kind")
        if kind not in ("ok", NOT_ATTEMPTED, CRASHED, TIMED_OUT, "mutated its input"):
            return Observation(CRASHED, error="the notebook's process sent something odd")
        try:
            value = wire.loads(reply["value"]) if "value" in reply else None
        except (wire.WireError, ValueError, TypeError) as e:
            return Observation(CRASHED, error=str(e))
        return Observation(kind, value, str(reply.get("error", ""))[:500])

    def _stop(self, why: str) -> None:
        self.dead = self.dead or why
        for _ in range(3):
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                break
            time.sleep(0.02)
        try:
            self.proc.kill()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass

    def close(self) -> None:
        self._stop("closed")
        self.replies.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def grade_notebook(path: str, exercises: str | None = None, timeout: float = 60,
                   use_ns: bool = False) -> dict:
    """Grade one notebook; returns plain data: scores, outcomes (with feedback) and notes."""
    student = Path(path).stem
    notes: list[str] = []
    try:
        nb = nbformat.read(path, as_version=4)
        cells = [c.source for c in nb.cells if c.cell_type == "code"]
        exercises = exercises or exercises_of(nb)
    except Exception as e:  # not JSON, not a notebook, unreadable: graded as empty
        notes.append(f"not a readable notebook: {type(e).__name__}: {str(e)[:200]}")
        cells = []
    if not exercises:
        return {"student": student, "exercises": None, "scores": {}, "max": {}, "outcomes": {},
                "notes": notes + ["no `from kit.exercises import ...` found; pass --exercises"]}
    problems = problems_of(exercises)
    scores, outcomes, learner = {}, {}, None
    try:
        for q, problem in problems.items():
            if learner is None or learner.dead:
                if learner is not None:
                    learner.close()
                learner = Learner(cells, exercises, use_ns, cell_seconds=min(20, timeout))
                notes.extend(n for n in learner.notes if n not in notes)
            deadline = time.monotonic() + timeout

            def observe(case, learner=learner, q=q, problem=problem, deadline=deadline):
                left = deadline - time.monotonic()
                if left <= 0:
                    return Observation(TIMED_OUT, error=f"question took longer than {timeout:g} s")
                return learner.ask(q, case, min(left, problem.timeout + 3))

            try:
                result = problem.evaluate(observe)
                outcome = {"status": result.status, "text": repr(result),
                           "html": result._repr_html_()}
            except Exception as e:  # a grader bug must not cost the learner the whole run
                result, outcome = None, {"status": "error", "text": f"grading error: {e!r}",
                                         "html": html.escape(f"grading error: {e!r}")}
            scores[q] = problem.points if result else 0
            outcomes[q] = outcome
    finally:
        if learner is not None:
            learner.close()
    return {"student": student, "exercises": exercises, "scores": scores,
            "max": {q: p.points for q, p in problems.items()}, "outcomes": outcomes,
            "notes": notes}


def _write_atomically(path: Path, text: str) -> None:
    """Write through a temporary file and rename, so a planted symlink is replaced, not followed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".kit-")
    with os.fdopen(fd, "w", newline="") as f:
        f.write(text)
    os.replace(tmp, path)


def write_csv(rows: list[dict], out: Path) -> None:
    questions = list(dict.fromkeys(q for r in rows for q in r["max"]))
    lines = [["student", *questions, "score", "max_score"]]
    for r in rows:
        score = sum(r["scores"].values())
        lines.append([r["student"], *(r["scores"].get(q, 0) for q in questions), score,
                      sum(r["max"].values())])
    buffer = io.StringIO()
    csv.writer(buffer).writerows(lines)
    _write_atomically(out, buffer.getvalue())


def write_report(row: dict, folder: Path) -> None:
    _write_atomically(folder / f"{row['student']}.json", json.dumps(row, indent=1))
    parts = [f"<h1>{html.escape(row['student'])}: {sum(row['scores'].values())} / "
             f"{sum(row['max'].values())}</h1>"]
    parts += [f"<p><i>{html.escape(n)}</i></p>" for n in row["notes"]]
    for q, outcome in row["outcomes"].items():
        parts.append(f"<h2>{html.escape(q)}: {row['scores'][q]} / {row['max'][q]}</h2>"
                     f"{outcome['html']}")
    _write_atomically(folder / f"{row['student']}.html",
                      "<!doctype html><meta charset='utf-8'>" + "".join(parts))


def _progress(done: int, total: int, name: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {name[:30]:<30}",
          end="" if done < total else "\n", file=sys.stderr, flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kit grade", description=__doc__.split("\n")[0])
    parser.add_argument("submissions", nargs="+", help="learner notebooks (.ipynb), filled in")
    parser.add_argument("--out", default="grades.csv", help="the CSV to write (default grades.csv)")
    parser.add_argument("--report", help="folder for a per-student report (HTML and JSON)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per question")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="notebooks graded at once (default: CPU cores)")
    parser.add_argument("--exercises", help="exercises module (default: what the notebook imports)")
    args = parser.parse_args(argv)
    if args.timeout <= 0:
        parser.error(f"--timeout must be > 0, got {args.timeout}")
    if args.jobs < 1:
        parser.error(f"--jobs must be >= 1, got {args.jobs}")
    paths = [str(p) for p in args.submissions]
    use_ns = _use_pid_namespace()
    rows: dict[str, dict] = {}
    with cf.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(grade_notebook, p, args.exercises, args.timeout, use_ns): p
                   for p in paths}
        for i, future in enumerate(cf.as_completed(futures), 1):
            path = futures[future]
            try:
                rows[path] = future.result()
            except Exception as e:  # the grader itself failed on this one: say so, go on
                rows[path] = {"student": Path(path).stem, "exercises": None, "scores": {},
                              "max": {}, "outcomes": {}, "notes": [f"grading failed: {e!r}"]}
            _progress(i, len(paths), Path(path).name)
    ordered = [rows[p] for p in paths]
    known = next((r["max"] for r in ordered if r["max"]), {})
    for r in ordered:  # an unreadable notebook still gets every column, at zero
        if not r["max"]:
            r["max"] = dict(known)
            r["scores"] = dict.fromkeys(known, 0)
    write_csv(ordered, Path(args.out))
    if args.report:
        for r in ordered:
            write_report(r, Path(args.report))
    print(f"wrote {args.out}" + (f" and reports in {args.report}" if args.report else ""))
    return 0

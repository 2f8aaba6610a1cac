"""Judging: each question of a notebook checked here, against the reference, by the grader's clock.

Per question, a *judge* (a fork of the grading process) runs the question's `Problem.evaluate`:
it generates the cases, sends them to the learner's question process, decodes the replies and
compares and renders them. The grading process watches both from outside and stops the question
when its processes have used `timeout` seconds of CPU time (the kernel's own accounting of the
question's processes in the sandbox and of the judge: whatever a reply costs to decode, compare
or render is the question's time), or when `2 * timeout` seconds of wall time have passed (the
backstop for answers that sleep). A classmate's load therefore costs nobody their time: a
learner's processes run at the lowest priority (nice 19), the judges at the grader's.

Whether a question was attempted is decided from the source (`intake.defined_names`), never
asked of the learner's process; a cell that failed is shown on the question whose `def` it holds.
"""

import concurrent.futures as cf
import html
import json
import os
import re
import select
import signal
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from kit.checks.engine import CRASHED, NOT_ATTEMPTED, TIMED_OUT, Observation, Problem
from kit.checks.returned import GivenBack, Reused
from kit.exercises import questions
from kit.grading import isolation, wire
from kit.grading.intake import PreparedSubmission, first_line, prepare
from kit.grading.protocol import Gone, Learner, Lost
from kit.grading.shown import shown_all

CELL_SECONDS = 10
WALL_FACTOR = 2  # the wall-clock backstop, in multiples of the CPU time limit
ENGINE_MODULES = ("kit.checks.engine", "kit.checks.report")  # never an answer's record types


def records_of(topic: str) -> frozenset:
    """The record types a topic's answers may be made of: the kit records its exercises module
    and the kit modules it imports name, and GivenBack and Reused (an argument or an earlier
    result handed back); never the engine's problems, observations and results, nor the
    grader's own classes."""
    import importlib

    module = importlib.import_module(f"kit.exercises.{topic}")
    spaces = [vars(module)] + [vars(v) for v in vars(module).values()
                               if type(v) is type(module) and v.__name__.startswith("kit.")]
    return frozenset(v for space in spaces for v in space.values() if wire.is_record(v)
                     and v.__module__ not in ENGINE_MODULES
                     and not v.__module__.startswith("kit.grading")) | {GivenBack, Reused}


def records_in(value, found: set) -> set:
    if wire.is_record(type(value)):
        found.add(type(value))
    if isinstance(value, list | tuple | set | frozenset):
        for v in value:
            records_in(v, found)
    elif isinstance(value, dict):
        for k, v in value.items():
            records_in(k, found)
            records_in(v, found)
    elif wire.is_record(type(value)) and hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            records_in(getattr(value, name, None), found)
    return found


def _outcome(status: str, text: str, problem: Problem) -> dict:
    return {"status": status, "text": text, "html": f"<p>{html.escape(text)}</p>",
            "pitfall": None, "hint": problem.hint(1).text}


def _cell_error(job: PreparedSubmission, errors: list[dict], name: str) -> str | None:
    """The failure of the cell that holds `def name` / `class name`, as the learner sees it."""
    holds = re.compile(rf"^\s*(async\s+)?(def|class)\s+{re.escape(name)}\b", re.M)
    for e in errors:
        source = job.cells[e["cell"]]
        if holds.search(source):
            where = f" at line {e['line']} of the cell" if e["line"] else ""
            return (f"the cell that starts `{first_line(source)}` raised {e['error']}{where}; "
                    f"fix it and run it again")
    return None


class QuestionJudge:
    """One question asked of a learner: its judge forked, its clock kept from outside."""

    def __init__(self, learner: Learner, problem: Problem, q: str, timeout: float):
        self.learner, self.problem, self.q, self.timeout = learner, problem, q, timeout

    def _judge(self, write_fd: int, wall_deadline: float) -> None:
        """In the judge: evaluate the question; its outcome as one JSON text on `write_fd`."""
        learner, problem = self.learner, self.problem
        learner.begin(self.q, wall_deadline)

        def observe(case):
            if time.monotonic() >= wall_deadline:
                return Observation(TIMED_OUT, error=Lost(Gone.OUT_OF_TIME).why.value)
            return learner.ask(case, wall_deadline, frozenset(records_in(case, set())))

        try:
            result = problem.evaluate(observe)
            data = {"passed": bool(result), "status": result.status, "text": repr(result),
                    "html": result._repr_html_(),
                    "pitfall": result.pitfall.name if result.pitfall else None,
                    "hint": None if result else problem.hint(1).text,
                    "called": sorted(learner.called)}
        except Exception as e:  # a grader bug must not cost the learner the whole run
            data = {"passed": False, "status": "error", "text": f"grading error: {e!r}",
                    "html": html.escape(f"grading error: {e!r}"), "pitfall": None, "hint": None}
        data = json.dumps(data).encode()
        while data:
            data = data[os.write(write_fd, data):]

    def run(self) -> tuple[bool, dict]:
        """(passed, outcome), the question's processes all gone afterwards."""
        start = time.monotonic()
        wall_deadline = start + WALL_FACTOR * self.timeout
        box = self.learner.box
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:  # the judge
            os.close(read_fd)
            code = 0
            try:
                self._judge(write_fd, wall_deadline)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        os.close(write_fd)
        base = box.reaped_cpu()
        data, over = b"", None
        try:
            while True:
                ready, _, _ = select.select([read_fd], [], [], 0.1)
                if ready:
                    chunk = os.read(read_fd, 1 << 20)
                    if not chunk:
                        break
                    data += chunk
                    continue
                used = isolation.cpu_seconds(pid) + box.question_cpu() + box.reaped_cpu() - base
                if used > self.timeout:
                    over = f"the question used more than {self.timeout:g} s of CPU time"
                elif time.monotonic() > wall_deadline:
                    over = (f"the question took longer than {WALL_FACTOR * self.timeout:g} s "
                            "(the wall-clock limit)")
                if over:
                    os.kill(pid, signal.SIGKILL)
                    break
        finally:
            os.close(read_fd)
            os.waitpid(pid, 0)
            self.learner.end()
        if over:
            return False, _outcome(TIMED_OUT, f"{self.problem.name}: timed out: {over}",
                                   self.problem)
        try:
            outcome = json.loads(data)
        except ValueError:
            return False, _outcome("error", "grading error: the judge ended without a verdict",
                                   self.problem)
        return bool(outcome.pop("passed")), outcome


def called_flag(problem: Problem, called: list[str]) -> str:
    """The flag for an answer its call watch saw calling the kit's functions (or turned off)."""
    from kit.grading.learner import PROBE_OFF

    reference = getattr(problem.reference, "__name__", problem.answer_name)
    if PROBE_OFF in called:
        return (f"{problem.answer_name} turned off the grader's watch of its calls "
                f"(sys.setprofile): check it does not call the kit's own {reference}")
    return (f"{problem.answer_name} called the kit's own {', '.join(called)} while answering: "
            "check it")


def grade_notebook(job: PreparedSubmission | str, topic: str, timeout: float = 60,
                   isolated: bool | None = None) -> dict:
    """Grade one notebook (a `PreparedSubmission`, or a path: snapshotted here); returns plain data:
    scores, outcomes, flags and notes. `isolated` None: in a sandbox when this machine can make
    one (the caller that must refuse without one asks `isolation.unavailable()` first)."""
    if not isinstance(job, PreparedSubmission):
        with tempfile.TemporaryDirectory(prefix="kit-grade-") as folder:
            jobs, _ = prepare([str(job)], topic, Path(folder))
            return grade_notebook(jobs[0], topic, timeout, isolated)
    if isolated is None:
        isolated = isolation.unavailable() is None
    problems = {q: p.prepare() for q, p in questions(topic).items()}  # drawn once per process
    row = {"student": job.student, "exercises": topic, "scores": dict.fromkeys(problems, 0),
           "max": {q: p.points for q, p in problems.items()}, "outcomes": {},
           "flags": dict(job.flags), "notes": list(job.notes)}
    if job.refused:
        row["notes"].append(job.refused)
        return shown_all(row)
    learner = None
    try:
        learner = Learner(list(job.cells), topic, isolated, records_of(topic),
                          cell_seconds=min(CELL_SECONDS, timeout))
        errors = learner.errors
        if learner.dead:
            row["notes"].append(f"the notebook could not be run: {learner.dead}")
        for e in errors:
            where = f", line {e['line']}" if e["line"] else ""
            row["notes"].append(f"the cell that starts `{first_line(job.cells[e['cell']])}`"
                                f"{where}: {e['error']}")
        for q, problem in problems.items():
            failed_cell = _cell_error(job, errors, problem.answer_name)
            if problem.answer_name not in job.defined:
                passed, outcome = False, _outcome(
                    CRASHED if failed_cell else NOT_ATTEMPTED, failed_cell or (
                        f"{problem.name}: not attempted: the notebook's cells have no top-level "
                        f"def or class {problem.answer_name}"), problem)
            elif learner.dead:
                passed, outcome = False, _outcome(learner.dead.why.outcome, failed_cell or (
                    f"{problem.name}: not asked: the notebook's start-up failed "
                    f"({learner.dead})"), problem)
            else:
                passed, outcome = QuestionJudge(learner, problem, q, timeout).run()
                called = outcome.pop("called", None) or []
                if called and q not in row["flags"]:
                    row["flags"][q] = called_flag(problem, called)
                if failed_cell:
                    outcome["text"] = f"{failed_cell}\n{outcome['text']}"
                    outcome["html"] = f"<p>{html.escape(failed_cell)}</p>{outcome['html']}"
            row["scores"][q] = problem.points if passed else 0
            row["outcomes"][q] = outcome
    finally:
        if learner is not None:
            learner.close()
    return shown_all(row)  # every learner text in it as the grader shows it


# -- many notebooks, in worker processes; a dead worker's notebooks retried ----------------------

def grade_all(jobs: list[PreparedSubmission], grade: Callable[[PreparedSubmission], dict],
              workers: int,
              progress: Callable[[int, int, str], None] | None = None) -> list[dict]:
    """`grade(job)` for every job, in `workers` processes, rows in the jobs' order. When a worker
    process dies, the notebooks it took down are graded again, each in a fresh process."""
    rows: dict[int, dict] = {}
    done = 0

    def record(i: int, row: dict) -> None:
        nonlocal done
        rows[i] = row
        done += 1
        if progress:
            progress(done, len(jobs), jobs[i].student)

    with cf.ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(grade, job): i for i, job in enumerate(jobs)}
        for future in cf.as_completed(futures):
            i = futures[future]
            try:
                record(i, future.result())
            except cf.process.BrokenProcessPool:
                continue
            except Exception as e:  # the grader itself failed on this one: say so, go on
                record(i, failed(jobs[i], f"grading failed: {e!r}"))
    again = [i for i in range(len(jobs)) if i not in rows]
    if again:
        with cf.ThreadPoolExecutor(max_workers=workers) as threads:
            for i, row in zip(again, threads.map(lambda i: _alone(jobs[i], grade), again),
                              strict=True):
                record(i, row)
    return [rows[i] for i in range(len(jobs))]


def _alone(job: PreparedSubmission, grade: Callable[[PreparedSubmission], dict]) -> dict:
    with cf.ProcessPoolExecutor(max_workers=1) as pool:
        try:
            return pool.submit(grade, job).result()
        except cf.process.BrokenProcessPool:
            return failed(job, "the grading process died twice while grading this notebook; "
                               "not graded")
        except Exception as e:
            return failed(job, f"grading failed: {e!r}")


def failed(job: PreparedSubmission, why: str) -> dict:
    return shown_all({"student": job.student, "exercises": None, "scores": {}, "max": {},
                      "outcomes": {}, "flags": dict(job.flags), "notes": [why]})

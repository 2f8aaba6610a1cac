"""Class grading: `python -m kit grade [options] [--] SUBMISSIONS...`.

Trust model. No submission can fake its own score, change a classmate's, read their work, or hang
the run. Each learner's notebook runs in a sandbox of its own (`kit.grading.isolation`: fresh
namespaces, no network, an unprivileged uid, read-only binds of the interpreter, the venv and the
kit only). The grading process generates the cases, sends them as plain data, reads plain data
back (size- and depth-limited JSON, decoded only into the record types the question expects) and
judges here, by its own clock; nothing the learner's process does to itself raises its score.
Every submission is size-capped and copied before any learner code runs; student ids come from
the paths; the topic is fixed for the whole class; outputs are written to a temporary folder and
swapped in at the end, after every learner's process is gone.
"""

import argparse
import concurrent.futures as cf
import csv
import html
import io
import json
import os
import re
import select
import shutil
import signal
import stat
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import NamedTuple

from kit.checks.engine import CRASHED, MUTATED, NOT_ATTEMPTED, TIMED_OUT, Observation, Problem
from kit.exercises import TOPICS, questions
from kit.grading import gradebook, isolation, wire

IMPORT = re.compile(r"from\s+kit\.exercises\s+import\s+(\w+)")
MAX_NOTEBOOK_BYTES = 10 << 20  # a submission larger than this is not graded (a row says why)
START_SECONDS = 30  # the fixed start-up allowance: the interpreter, then the notebook's cells
STARTED_SECONDS = 10  # for the question's process to say it is there
CELL_SECONDS = 10
MARK = ".kit-reports"  # in a report folder the grader made (and may replace)
ENGINE_MODULES = ("kit.checks.engine", "kit.checks.report")  # never an answer's record types
BOOT = ("import sys; sys.path.insert(0, {parent!r}); "
        "from kit.grading.learner import main; raise SystemExit(main())")


class Job(NamedTuple):
    """One submission to grade: its snapshot, its student id, why it is refused (or None)."""

    path: str
    student: str
    refused: str | None = None
    cells: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


def problems_of(module_name: str) -> dict[str, Problem]:
    """The questions of an exercises module, in order: {"q1": Problem, ...}."""
    return questions(module_name)


def exercises_of(nb: dict) -> str | None:
    """Which exercises module a notebook says it answers: its metadata (`kit.exercises`), else
    the first `from kit.exercises import TOPIC` in its code."""
    meta = nb.get("metadata") if isinstance(nb, dict) else None
    kit_meta = meta.get("kit") if isinstance(meta, dict) else None
    topic = kit_meta.get("exercises") if isinstance(kit_meta, dict) else None
    if topic in TOPICS:
        return topic
    for source in _code_cells(nb):
        for name in IMPORT.findall(source):
            if name in TOPICS:
                return name
    return None


def _code_cells(nb) -> list[str]:
    cells = nb.get("cells") if isinstance(nb, dict) else None
    found = []
    for cell in cells if isinstance(cells, list) else []:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            source = cell.get("source", "")
            if isinstance(source, list):
                source = "".join(s for s in source if isinstance(s, str))
            found.append(source if isinstance(source, str) else "")
    return found


def records_of(topic: str) -> frozenset:
    """The record types a topic's answers may be made of: the kit records its exercises module
    and the kit modules it imports name (never the engine's problems, observations and results,
    nor the grader's own classes)."""
    import importlib

    module = importlib.import_module(f"kit.exercises.{topic}")
    spaces = [vars(module)] + [vars(v) for v in vars(module).values()
                               if type(v) is type(module) and v.__name__.startswith("kit.")]
    return frozenset(v for space in spaces for v in space.values() if wire.is_record(v)
                     and v.__module__ not in ENGINE_MODULES
                     and not v.__module__.startswith("kit.grading"))


def _records_in(value, found: set) -> set:
    if wire.is_record(type(value)):
        found.add(type(value))
    if isinstance(value, list | tuple | set | frozenset):
        for v in value:
            _records_in(v, found)
    elif isinstance(value, dict):
        for k, v in value.items():
            _records_in(k, found)
            _records_in(v, found)
    elif wire.is_record(type(value)) and hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            _records_in(getattr(value, name, None), found)
    return found


class Learner:
    """One sandboxed interpreter holding a learner's notebook; a fresh process per question."""

    def __init__(self, cells: list[str], topic: str, isolated: bool, records: frozenset,
                 cell_seconds: float = CELL_SECONDS):
        import kit

        parent = str(Path(kit.__file__).resolve().parent.parent)
        command = [sys.executable, "-I", "-B", "-c", BOOT.format(parent=parent)]
        self.box = isolation.Sandbox(command, isolated)
        self.records = records
        self.buffer = b""
        self.dead = ""  # why the whole process is gone
        self.gone = ""  # why the current question's process is gone
        self.answering = False  # the question's process has said it is there
        self.notes: list[str] = []
        deadline = time.monotonic() + START_SECONDS
        self._send({"cells": cells, "exercises": topic, "cell_seconds": cell_seconds}, deadline)
        if self._receive(deadline, "ready", asking=False) is None:
            self._stop(self.dead or "the notebook's process did not start")
            return
        self.box.find_main()
        hello = self._receive(deadline, "notes", asking=False)
        if hello is None:
            self._stop(f"the notebook's cells did not finish within {START_SECONDS} s"
                       if "no answer" in self.dead else self.dead)
            return
        self.notes = [str(n)[:300] for n in hello.get("notes", [])][:50] \
            if isinstance(hello.get("notes"), list) else []
        self.end()  # whatever the cells started is gone before the first question

    # -- pipes -------------------------------------------------------------------------------
    def _send(self, message: dict, deadline: float | None = None) -> None:
        """One request line, written by the grader's clock: a process that stops reading its
        requests cannot block the grader."""
        if self.dead:
            return
        data = (json.dumps(message) + "\n").encode()
        fd = self.box.proc.stdin.fileno()
        deadline = deadline or time.monotonic() + START_SECONDS
        os.set_blocking(fd, False)
        while data:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([], [fd], [], left)[1]:
                self._stop("the notebook's process stopped reading its requests")
                return
            try:
                data = data[os.write(fd, data[:1 << 16]):]
            except BlockingIOError:
                continue
            except OSError:
                self._stop("the notebook's process ended")
                return

    def _receive(self, deadline: float, key: str | None = None, asking: bool = True) -> dict | None:
        """The next reply (a dict; with `key` when given), or None: the question's process
        (`asking`) or the whole learner is gone, the deadline passed, or the reply was not plain
        data."""
        fd = self.box.proc.stdout.fileno()
        last_check = time.monotonic()
        while not self.dead and not (asking and self.gone):
            if b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                try:
                    reply = wire.parse(line, wire.MAX_BYTES + 4096)
                except wire.WireError as e:
                    return self._lost(f"the notebook's process sent something that is not an "
                                      f"answer ({e})", asking)
                if type(reply) is not dict or (key is not None and key not in reply):
                    return self._lost("the notebook's process sent something odd", asking)
                return reply
            now = time.monotonic()
            if now >= deadline:
                return self._lost("no answer in time", asking)
            ready, _, _ = select.select([fd], [], [], min(deadline - now, 0.05))
            if ready:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    self._stop("the notebook's process ended")
                    return None
                self.buffer += chunk
                if len(self.buffer) > wire.MAX_BYTES + 8192:
                    return self._lost("the answer was too large", asking)
            elif time.monotonic() - last_check > 0.1:
                last_check = time.monotonic()
                self._check_alive(asking)
        return None

    def _check_alive(self, asking: bool) -> None:
        members = set(self.box.members())
        if self.box.main is not None and self.box.main not in members:
            self._stop("the notebook's process ended")
        elif asking and self.answering and not members - {self.box.main}:
            self.gone = "the process answering this question ended"

    def _lost(self, why: str, asking: bool) -> None:
        if asking:
            self.gone = self.gone or why
            self.box.kill_all_but({self.box.main} if self.box.main else set())
        else:
            self._stop(why)
        return None

    # -- questions ---------------------------------------------------------------------------
    def begin(self, question: str, deadline: float) -> None:
        """Fork the question's process; stop the main one while the question is answered."""
        self.gone = ""
        self._send({"q": question}, deadline)
        started = self._receive(min(deadline, time.monotonic() + STARTED_SECONDS), "started")
        if started is None and not self.dead:
            self.gone = self.gone or "the notebook's process did not start the question"
        self.answering = started is not None
        self.box.signal_main(signal.SIGSTOP)

    def ask(self, case: tuple, deadline: float) -> Observation:
        if self.dead or self.gone:
            return Observation(CRASHED, error=self.dead or self.gone)
        self._send({"case": wire.dumps(case)}, deadline)
        reply = self._receive(deadline)
        if reply is None:
            why = self.dead or self.gone
            kind = TIMED_OUT if "in time" in why else CRASHED
            return Observation(kind, error=why)
        kind = reply.get("kind")
        if kind not in ("ok", NOT_ATTEMPTED, CRASHED, TIMED_OUT, MUTATED):
            return Observation(CRASHED, error="the notebook's process sent something odd")
        try:
            value = reply.get("value")
            allowed = self.records | _records_in(case, set())
            value = wire.loads(value, allowed) if isinstance(value, str) else None
        except Exception as e:  # WireError, or a record class refusing its fields
            return Observation(CRASHED, error=f"the answer is not plain data: {str(e)[:200]}")
        return Observation(kind, value, str(reply.get("error", ""))[:500])

    def end(self) -> None:
        """Kill every process but the main one (the question's, and all it started); drop what
        they left in the pipe; let the main process go on."""
        if self.dead:
            return
        if not self.box.kill_all_but({self.box.main}):
            self._stop("started more processes than could be stopped")
            return
        while select.select([self.box.proc.stdout], [], [], 0)[0]:
            if not os.read(self.box.proc.stdout.fileno(), 1 << 16):
                break
        self.buffer = b""
        self.answering = False
        self.box.signal_main(signal.SIGCONT)

    def _stop(self, why: str) -> None:
        self.dead = self.dead or why
        self.box.close()

    def close(self) -> None:
        self._stop("closed")


def grade_notebook(job: Job | str, topic: str, timeout: float = 60,
                   isolated: bool | None = None) -> dict:
    """Grade one notebook (a prepared `Job`, or a path: snapshotted here); returns plain data:
    scores, outcomes and notes. `isolated` None: in a sandbox when this machine can make one
    (the caller that must refuse without one asks `isolation.unavailable()` first)."""
    if not isinstance(job, Job):
        with tempfile.TemporaryDirectory(prefix="kit-grade-") as folder:
            jobs, _ = prepare([str(job)], topic, Path(folder))
            return grade_notebook(jobs[0], topic, timeout, isolated)
    if isolated is None:
        isolated = isolation.unavailable() is None
    problems = problems_of(topic)
    row = {"student": job.student, "exercises": topic, "scores": dict.fromkeys(problems, 0),
           "max": {q: p.points for q, p in problems.items()}, "outcomes": {},
           "notes": list(job.notes)}
    if job.refused:
        row["notes"].append(job.refused)
        return row
    records = records_of(topic)
    learner = None
    try:
        learner = Learner(list(job.cells), topic, isolated, records,
                          cell_seconds=min(CELL_SECONDS, timeout))
        row["notes"].extend(learner.notes)
        if learner.dead:
            row["notes"].append(f"the notebook could not be run: {learner.dead}")
        for q, problem in problems.items():
            deadline = time.monotonic() + timeout
            learner.begin(q, deadline)

            def observe(case, learner=learner, deadline=deadline):
                if time.monotonic() >= deadline:
                    return Observation(TIMED_OUT, error=f"question took longer than {timeout:g} s")
                return learner.ask(case, deadline)

            try:
                result = problem.evaluate(observe)
                outcome = {"status": result.status, "text": repr(result),
                           "html": result._repr_html_(),
                           "pitfall": result.pitfall.name if result.pitfall else None,
                           "hint": None if result else problem.hint(1).text}
            except Exception as e:  # a grader bug must not cost the learner the whole run
                result, outcome = None, {"status": "error", "text": f"grading error: {e!r}",
                                         "html": html.escape(f"grading error: {e!r}")}
            finally:
                learner.end()
            row["scores"][q] = problem.points if result else 0
            row["outcomes"][q] = outcome
    finally:
        if learner is not None:
            learner.close()
    return row


# -- many notebooks, in worker processes; a dead worker's notebooks retried ----------------------

def grade_all(jobs: list[Job], grade: Callable[[Job], dict], workers: int,
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
                record(i, _failed(jobs[i], f"grading failed: {e!r}"))
    again = [i for i in range(len(jobs)) if i not in rows]
    if again:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=workers) as threads:
            for i, row in zip(again, threads.map(lambda i: _alone(jobs[i], grade), again),
                              strict=True):
                record(i, row)
    return [rows[i] for i in range(len(jobs))]


def _alone(job: Job, grade: Callable[[Job], dict]) -> dict:
    with cf.ProcessPoolExecutor(max_workers=1) as pool:
        try:
            return pool.submit(grade, job).result()
        except cf.process.BrokenProcessPool:
            return _failed(job, "the grading process died twice while grading this notebook; "
                                "not graded")
        except Exception as e:
            return _failed(job, f"grading failed: {e!r}")


def _failed(job: Job, why: str) -> dict:
    return {"student": job.student, "exercises": None, "scores": {}, "max": {}, "outcomes": {},
            "notes": [why]}


# -- who is who, what they sent, which topic -----------------------------------------------------

class Refusal(Exception):
    """The class cannot be graded as asked; the message says why (one line)."""


def expand(arguments: list[str]) -> list[str]:
    """The submissions named: a notebook as it is; a folder as every `.ipynb` below it (symbolic
    links and checkpoints not followed), and an nbgrader course folder as its `submitted/`."""
    paths = []
    for arg in arguments:
        if not os.path.isdir(arg) or os.path.islink(arg):
            paths.append(arg)
            continue
        root = os.path.join(arg, "submitted") if os.path.isdir(os.path.join(arg, "submitted")) \
            else arg
        found = []
        for folder, subfolders, files in os.walk(root):  # never follows links
            subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
            found += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".ipynb")]
        paths += found
    return paths


def student_ids(paths: list[str]) -> list[str]:
    """A unique id per submission: the student's folder in nbgrader's
    `submitted/<student>/<assignment>/<notebook>.ipynb` layout, else the path relative to the
    submissions' common folder, without `.ipynb`. Two submissions with one id: a Refusal."""
    absolute = [Path(os.path.abspath(p)) for p in paths]
    ids = None
    if all(len(a.parents) >= 4 and a.parents[2].name == "submitted" for a in absolute):
        ids = [a.parents[1].name for a in absolute]
        if len(set(ids)) < len(ids):
            ids = None  # a student with several notebooks: their paths tell them apart
    if ids is None:
        common = Path(os.path.commonpath([str(a.parent) for a in absolute]))
        ids = [a.relative_to(common).with_suffix("").as_posix() if a.suffix == ".ipynb"
               else a.relative_to(common).as_posix() for a in absolute]
    first: dict[str, str] = {}
    for student, path in zip(ids, paths, strict=True):
        if student in first:
            raise Refusal(f"two submissions are the same student {student!r}: {first[student]} "
                          f"and {path} (grade each student once)")
        first[student] = path
    return ids


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


def class_topic(declared: list[str | None]) -> str:
    """The topic the class answers: the one most of its notebooks declare (more than half)."""
    counts = Counter(t for t in declared if t)
    if not counts:
        raise Refusal("no notebook says which exercises it answers; pass --exercises TOPIC")
    (topic, n), *rest = counts.most_common()
    if n * 2 <= sum(counts.values()):
        said = ", ".join(f"{t} ({k})" for t, k in counts.most_common())
        raise Refusal(f"the notebooks disagree on their topic: {said}; pass --exercises TOPIC")
    return topic


def prepare(paths: list[str], topic: str | None, folder: Path) -> tuple[list[Job], str]:
    """Ids, snapshots and parsed cells for every submission, and the class's topic."""
    ids = student_ids(paths)
    parsed = []
    for student, path in zip(ids, paths, strict=True):
        copy, why = snapshot(path, folder)
        nb = None
        if copy is not None:
            nb, why = read_notebook(copy)
        parsed.append((student, str(copy or path), nb, why))
    topic = topic or class_topic([exercises_of(nb) for _, _, nb, _ in parsed if nb])
    jobs = []
    for student, copy, nb, why in parsed:
        notes = ()
        if nb is not None and exercises_of(nb) not in (None, topic):
            notes = (f"this notebook says it answers {exercises_of(nb)}; the class is graded on "
                     f"{topic}",)
        jobs.append(Job(copy, student, why, tuple(_code_cells(nb)) if nb else (), notes))
    return jobs, topic


# -- writing: to a temporary folder, swapped in at the end ---------------------------------------

def csv_text(rows: list[dict]) -> str:
    columns = list(dict.fromkeys(q for r in rows for q in r["max"]))
    lines = [["student", *columns, "score", "max_score"]]
    for r in rows:
        lines.append([gradebook.cell(r["student"]), *(r["scores"].get(q, 0) for q in columns),
                      sum(r["scores"].values()), sum(r["max"].values())])
    buffer = io.StringIO()
    csv.writer(buffer).writerows(lines)
    return buffer.getvalue()


def write_csv(rows: list[dict], out: Path) -> None:
    """The CSV at `out`, written beside it and renamed into place."""
    gradebook.write_atomically(out, csv_text(rows))


REPORT_STYLE = ("body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;"
                "padding:0 1em;color:#1f2328}h1{font-size:1.5em}h2{font-size:1.1em;"
                "margin-top:1.6em}.kit-table td,.kit-table th{padding:.1em .6em;"
                "border-bottom:1px solid #d0d7de}.hint{color:#57606a}")


def report_html(row: dict) -> str:
    """One student's page: each question's outcome exactly as `check` shows it in the notebook
    (counterexample table, expected and got, the pitfall), then a first hint when it did not
    pass."""
    name = html.escape(row["student"])
    parts = [f"<!doctype html><meta charset='utf-8'><title>{name}</title>"
             f"<style>{REPORT_STYLE}</style>",
             f"<h1>{name}: {sum(row['scores'].values())} / {sum(row['max'].values())}"
             f"{' · ' + html.escape(row['exercises']) if row.get('exercises') else ''}</h1>"]
    parts += [f"<p><i>{html.escape(n)}</i></p>" for n in row["notes"]]
    for q, outcome in row["outcomes"].items():
        parts.append(f"<h2>{html.escape(q)}: {row['scores'][q]} / {row['max'][q]}</h2>"
                     f"{outcome['html']}")
        if outcome.get("hint"):
            parts.append(f"<p class='hint'>{html.escape(outcome['hint'])}</p>")
    return "".join(parts)


def write_report(row: dict, folder: Path) -> None:
    base = folder / row["student"]
    base.parent.mkdir(parents=True, exist_ok=True)
    base.with_name(base.name + ".json").write_text(json.dumps(row, indent=1))
    base.with_name(base.name + ".html").write_text(report_html(row))


def write_reports(rows: list[dict], folder: Path) -> None:
    """Every report into a new folder beside `folder`, then swapped in for the old one."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(dir=folder.parent, prefix=".kit-reports-"))
    try:
        (stage / MARK).write_text("reports written by python -m kit grade\n")
        for row in rows:
            write_report(row, stage)
        old = None
        if folder.exists():
            old = Path(tempfile.mkdtemp(dir=folder.parent, prefix=".kit-old-"))
            os.rename(folder, old / "reports")
        os.rename(stage, folder)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def write_outputs(rows: list[dict], out: Path, report: Path | None) -> int:
    """The CSV and the reports; when the CSV cannot be written, one line says why and where the
    grades went instead (a file in the temporary folder, else standard output). 0 or 1."""
    status = 0
    if report is not None:
        try:
            write_reports(rows, report)
        except OSError as e:
            print(f"grade: could not write the reports in {report} ({e}); the CSV has the "
                  "scores", file=sys.stderr)
            status = 1
    try:
        write_csv(rows, out)
    except OSError as e:
        try:
            fd, fallback = tempfile.mkstemp(prefix="kit-grades-", suffix=".csv")
            with os.fdopen(fd, "w", newline="") as f:
                f.write(csv_text(rows))
            print(f"grade: could not write {out} ({e}); wrote {fallback} instead",
                  file=sys.stderr)
        except OSError as e2:
            print(f"grade: could not write {out} ({e}) nor a temporary file ({e2.strerror}); "
                  "the CSV follows on standard output instead", file=sys.stderr)
            sys.stdout.write(csv_text(rows))
        return 1
    return status


# -- the command line ----------------------------------------------------------------------------

def _progress(done: int, total: int, name: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {name[:30]:<30}",
          end="" if done < total else "\n", file=sys.stderr, flush=True)


def _check_outputs(paths: list[str], out: Path, report: Path | None) -> None:
    """The outputs must not be, or hold, a submission; a report folder is replaced only when the
    grader made it (or it is empty)."""
    for path in map(Path, (os.path.abspath(p) for p in paths)):
        if path == out or (report is not None and (path == report or report in path.parents)):
            raise Refusal(f"the output {out if path == out else report} would overwrite the "
                          f"submission {path}")
    if report is not None and report.is_dir() and any(report.iterdir()) \
            and not (report / MARK).exists():
        raise Refusal(f"--report {report} is a folder the grader did not make (no {MARK}); "
                      "it would be replaced: name a new or empty folder")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = argparse.ArgumentParser(prog="python -m kit grade", allow_abbrev=False,
                                     description=__doc__.split("\n")[0])
    parser.add_argument("submissions", nargs="+", help="learner notebooks (.ipynb), filled in, "
                        "or folders of them (an nbgrader course folder: its submitted/); "
                        "put them after -- when a name starts with -")
    parser.add_argument("--out", default="grades.csv", help="the CSV to write (default grades.csv)")
    parser.add_argument("--report", help="folder for a per-student report (HTML and JSON)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per question")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="notebooks graded at once (default: CPU cores)")
    parser.add_argument("--exercises", help="the class's topic (default: what the notebooks' "
                        "metadata, or most of their imports, say)")
    parser.add_argument("--gradebook", choices=["canvas"],
                        help="also write the grades as an LMS gradebook import, beside --out "
                        "(canvas: <out>.canvas.csv)")
    parser.add_argument("--summary", help="also write a class summary page (HTML): passes per "
                        "question and the most common pitfall")
    parser.add_argument("--unsafe", action="store_true",
                        help="grade even where learners cannot be isolated (trusted notebooks)")
    options = argv[:argv.index("--")] if "--" in argv else argv
    for arg in options:
        if arg.startswith("-") and arg.endswith(".ipynb"):
            parser.error(f"{arg!r} looks like an option but names a notebook; put the "
                         f"notebooks after -- (python -m kit grade --out grades.csv -- {arg})")
    args = parser.parse_args(argv)
    if args.timeout <= 0:
        parser.error(f"--timeout must be > 0, got {args.timeout}")
    if args.jobs < 1:
        parser.error(f"--jobs must be >= 1, got {args.jobs}")
    if args.exercises is not None and args.exercises not in TOPICS:
        parser.error(f"--exercises must be one of {', '.join(TOPICS)}, got {args.exercises!r}")
    out = Path(os.path.abspath(args.out))
    report = Path(os.path.abspath(args.report)) if args.report else None
    why = isolation.unavailable()
    if why and not args.unsafe:
        print(f"grade: refusing to run learners' code: {why}; pass --unsafe to grade without "
              "isolation (trusted notebooks only)", file=sys.stderr)
        return 2
    submissions = expand(args.submissions)
    if not submissions:
        print(f"grade: no .ipynb file in {', '.join(args.submissions)}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="kit-grade-") as folder:
        try:
            _check_outputs(submissions, out, report)
            jobs, topic = prepare(submissions, args.exercises, Path(folder))
        except Refusal as e:
            print(f"grade: {e}", file=sys.stderr)
            return 2
        grade = partial(grade_notebook, topic=topic, timeout=args.timeout, isolated=not why)
        rows = grade_all(jobs, grade, args.jobs, _progress)
    known = {q: p.points for q, p in problems_of(topic).items()}
    for r in rows:  # a notebook the grader could not grade still gets every column, at zero
        if not r["max"]:
            r["max"], r["scores"] = dict(known), dict.fromkeys(known, 0)
    status = write_outputs(rows, out, report)
    extras = []
    try:
        if args.gradebook == "canvas":
            extras.append(gradebook.write_canvas(rows, out.with_suffix(".canvas.csv"), topic))
        if args.summary:
            extras.append(gradebook.write_summary(rows, Path(os.path.abspath(args.summary))))
    except OSError as e:
        print(f"grade: could not write {e.filename} ({e.strerror}); {args.out} has the scores",
              file=sys.stderr)
        status = 1
    if status == 0:
        print(f"wrote {args.out}" + (f" and reports in {args.report}" if args.report else "")
              + "".join(f", {p}" for p in extras))
    return status

"""What the grader writes: the CSV, one report per student, named so that no two collide.

A student's report is `<name>.html` and `<name>.json` directly in the report folder, where
`<name>` is the student id with every character but letters, digits, `_`, `-` and `.` written as
`%XX` (so `a/b` is `a%2Fb`, and no id can make a folder, or name another's file) and each capital
as `^` and its small letter (so no two names meet on a file system that folds case). Should two
ids still meet (a name cut short, its hash standing in for the rest), a Refusal names both
before anything is written. Everything is written to a temporary folder
beside its place and swapped in at the end, after every learner's process is gone.
"""

import csv
import hashlib
import html
import io
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

from kit.grading import gradebook
from kit.grading.intake import Refusal

MARK = ".kit-reports"  # in a report folder the grader made (and may replace)
MAX_NAME = 120  # characters of a report's name before its hash stands in for the rest


def report_name(student: str) -> str:
    """The file name (without suffix) of a student's report: never a path, never hidden, and
    blind to case (a capital letter is written `^` and the letter: `Ann` is `^ann`)."""
    name = re.sub(r"[A-Z]", lambda m: "^" + m.group().lower(),
                  quote(student, safe="").replace("~", "%7E"))
    if name.startswith("."):
        name = "%2E" + name[1:]
    if len(name) > MAX_NAME:
        name = name[:MAX_NAME - 17] + "~" + hashlib.sha256(student.encode()).hexdigest()[:16]
    return name or "%"


def report_names(students: list[str]) -> dict[str, str]:
    """{student: report name}, or a Refusal naming two ids whose reports would collide."""
    names, taken = {}, {}
    for student in students:
        name = report_name(student)
        key = name.casefold()
        if key in taken and taken[key] != student:
            raise Refusal(f"the students {taken[key]!r} and {student!r} would get one report "
                          f"file ({name}.html): rename one of their folders or files")
        taken[key] = student
        names[student] = name
    return names


def csv_text(rows: list[dict]) -> str:
    columns = list(dict.fromkeys(q for r in rows for q in r["max"]))
    lines = [["student", *columns, "score", "max_score", "flags"]]
    for r in rows:
        flags = "; ".join(f"{q}: {why}" for q, why in r.get("flags", {}).items())
        lines.append([gradebook.cell(r["student"]), *(r["scores"].get(q, 0) for q in columns),
                      sum(r["scores"].values()), sum(r["max"].values()), gradebook.cell(flags)])
    buffer = io.StringIO()
    csv.writer(buffer).writerows(lines)
    return buffer.getvalue()


def write_csv(rows: list[dict], out: Path) -> None:
    """The CSV at `out`, written beside it and renamed into place."""
    gradebook.write_atomically(out, csv_text(rows))


REPORT_STYLE = ("body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;"
                "padding:0 1em;color:#1f2328}h1{font-size:1.5em}h2{font-size:1.1em;"
                "margin-top:1.6em}.kit-table td,.kit-table th{padding:.1em .6em;"
                "border-bottom:1px solid #d0d7de}.hint{color:#57606a}"
                ".flag{background:#fff8c5;padding:.3em .6em}")


def report_html(row: dict) -> str:
    """One student's page: each question's outcome exactly as `check` shows it in the notebook
    (counterexample table, expected and got, the pitfall), a flag where the function reaches for
    the kit, then a first hint when it did not pass."""
    name = html.escape(row["student"])
    parts = [f"<!doctype html><meta charset='utf-8'><title>{name}</title>"
             f"<style>{REPORT_STYLE}</style>",
             f"<h1>{name}: {sum(row['scores'].values())} / {sum(row['max'].values())}"
             f"{' · ' + html.escape(row['exercises']) if row.get('exercises') else ''}</h1>"]
    parts += [f"<p><i>{html.escape(n)}</i></p>" for n in row["notes"]]
    for q, outcome in row["outcomes"].items():
        parts.append(f"<h2>{html.escape(q)}: {row['scores'][q]} / {row['max'][q]}</h2>")
        if q in row.get("flags", {}):
            parts.append(f"<p class='flag'>flagged: {html.escape(row['flags'][q])}</p>")
        parts.append(outcome["html"])
        if outcome.get("hint"):
            parts.append(f"<p class='hint'>{html.escape(outcome['hint'])}</p>")
    return "".join(parts)


def write_reports(rows: list[dict], folder: Path) -> None:
    """Every report into a new folder beside `folder`, then swapped in for the old one."""
    names = report_names([r["student"] for r in rows])
    folder.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(dir=folder.parent, prefix=".kit-reports-"))
    try:
        (stage / MARK).write_text("reports written by python -m kit grade\n")
        for row in rows:
            base = stage / names[row["student"]]
            base.with_name(base.name + ".json").write_text(json.dumps(row, indent=1))
            base.with_name(base.name + ".html").write_text(report_html(row))
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


def check_outputs(paths: list[str], out: Path, report: Path | None) -> None:
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


def check_collisions(outputs: dict[str, Path | None], report: Path | None,
                     names: dict[str, str]) -> None:
    """Every file the grader is about to write ({what: path}: the CSV, the Canvas CSV, the
    summary), each student's two reports and the report folder itself, checked against all the
    others (blind to case) before anything is written: a Refusal names the two that meet."""
    places = [(what, path) for what, path in outputs.items() if path is not None]
    if report is not None:
        places.append(("the report folder", report))
        places.append(("the report folder's mark", report / MARK))
        places += [(f"{student!r}'s report", report / f"{name}{suffix}")
                   for student, name in names.items() for suffix in (".html", ".json")]
    taken: dict[str, str] = {}
    for what, path in places:
        key = os.path.normcase(str(path)).casefold()
        if key in taken:
            raise Refusal(f"{taken[key]} and {what} would both be written to {path}: "
                          "give one of them another place")
        taken[key] = what

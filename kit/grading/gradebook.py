"""What a teacher does with the grades: an LMS gradebook import, and a per-question summary.

- `write_canvas(rows, path, assignment)`: Canvas's gradebook CSV (the columns of its own export:
  Student, ID, SIS User ID, SIS Login ID, Section, then one column per assignment, with the
  "Points Possible" row under the header). The kit knows each student by the id the grader gave
  (the folder or file name), written as Student and SIS Login ID: name the submissions by the
  students' Canvas login ids and the import matches them.
- `summary(rows)` / `write_summary(rows, path, reports=None)`: per question, how many students
  had each outcome (passed, failed, not attempted, crashed, timed out, too slow, ...), and the
  pitfall most often named among those who did not pass, as an HTML page with a bar chart and,
  given the report folder, a link to each student's report.

`rows` are what the grader returns per notebook (`student`, `scores`, `max`, `outcomes` with each
question's `status` and named `pitfall`). Every field that reaches a CSV goes through `cell()`,
which neutralises text a spreadsheet would run as a formula.
"""

import base64
import csv
import html
import io
import os
import tempfile
from collections import Counter
from pathlib import Path
from typing import NamedTuple
from urllib.parse import quote

CANVAS_HEAD = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]


def cell(value):
    """A CSV field a spreadsheet shows as text: a leading = + - @ (or tab, CR) is escaped."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def questions_of(rows: list[dict]) -> list[str]:
    """Every question seen, in the order first met (q1, q2, ...)."""
    return list(dict.fromkeys(q for r in rows for q in r["max"]))


def canvas_rows(rows: list[dict], assignment: str) -> list[list]:
    top = max((sum(r["max"].values()) for r in rows), default=0)
    lines = [CANVAS_HEAD + [assignment],
             ["    Points Possible", "", "", "", "", top]]
    for r in rows:
        student = own_word(r["student"])
        lines.append([student, "", "", student, "", sum(r["scores"].values())])
    return [[cell(v) for v in line] for line in lines]


CANVAS_WORDS = frozenset({"student", "points possible"})  # rows Canvas reads as its own


def own_word(student: str) -> str:
    """An id Canvas would read as its header or its points row (`Student`, `  Points Possible`,
    any case or spacing) written with a leading `'`, as a formula is, so it is a student's row."""
    return "'" + student if student.strip().casefold() in CANVAS_WORDS else student


def write_atomically(path: Path, text: str) -> Path:
    """`text` written beside `path` and renamed into place: a reader never sees half a file, and
    a planted symlink is replaced, not followed."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".kit-")
    try:
        with os.fdopen(fd, "w", newline="") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def write_canvas(rows: list[dict], path: Path, assignment: str) -> Path:
    buffer = io.StringIO()
    csv.writer(buffer).writerows(canvas_rows(rows, assignment))
    return write_atomically(path, buffer.getvalue())


OUTCOMES = ("passed", "failed", "not attempted", "crashed", "timed out", "too slow",
            "mutated its input")


class QuestionSummary(NamedTuple):
    question: str
    passed: int
    students: int
    pitfall: str | None  # the most common named pitfall among the others
    pitfall_count: int
    outcomes: dict = {}  # outcome -> how many students had it (every outcome, zeros too)


def summary(rows: list[dict]) -> list[QuestionSummary]:
    out = []
    for q in questions_of(rows):
        graded = [r for r in rows if q in r["max"]]
        passed = sum(r["scores"].get(q, 0) == r["max"][q] for r in graded)
        named = Counter(r["outcomes"][q]["pitfall"] for r in graded
                        if r["outcomes"].get(q, {}).get("pitfall"))
        pitfall, count = named.most_common(1)[0] if named else (None, 0)
        seen = Counter(r["outcomes"].get(q, {}).get("status", "not graded") for r in graded)
        outcomes = {o: seen.pop(o, 0) for o in OUTCOMES} | dict(seen)
        out.append(QuestionSummary(q, passed, len(graded), pitfall, count, outcomes))
    return out


def _chart(stats: list[QuestionSummary]) -> str:
    """A bar chart (PNG, base64) of how many students passed each question."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(max(4.5, 0.9 * len(stats) + 2.5), 2.8), dpi=100)
    ax = fig.subplots()
    names = [s.question for s in stats]
    ax.bar(names, [s.students for s in stats], color="#d0d7de", label="students")
    ax.bar(names, [s.passed for s in stats], color="#1a7f37", label="passed")
    ax.set_ylabel("students")
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_title("Who passed each question")
    ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", metadata={"Software": None})
    return base64.b64encode(buffer.getvalue()).decode()


def write_summary(rows: list[dict], path: Path, reports: Path | None = None,
                  names: dict[str, str] | None = None) -> Path:
    """The class page; with `reports` (the report folder) and `names` (student -> report name),
    a table of students linking to each one's report, relative to the page."""
    stats = summary(rows)
    kinds = [o for o in dict.fromkeys(o for s in stats for o in s.outcomes)]
    head = "".join(f"<th>{html.escape(o)}</th>" for o in kinds)
    body = "".join(
        f"<tr><td>{html.escape(s.question)}</td><td>{s.passed} / {s.students}</td>"
        + "".join(f"<td>{s.outcomes.get(o, 0)}</td>" for o in kinds) +
        f"<td>{html.escape(s.pitfall) + f' ({s.pitfall_count})' if s.pitfall else '—'}</td></tr>"
        for s in stats)
    students = ""
    if reports is not None and names:
        where = os.path.relpath(reports, Path(path).parent)
        href = {r["student"]: html.escape(quote(f"{where}/{names[r['student']]}.html", safe="/"))
                for r in rows}
        links = "".join(
            f"<tr><td><a href='{href[r['student']]}'>"
            f"{html.escape(r['student'])}</a></td><td>{sum(r['scores'].values())} / "
            f"{sum(r['max'].values())}</td></tr>" for r in rows)
        students = f"<h2>Students</h2><table><tr><th>student</th><th>score</th></tr>{links}</table>"
    alike = [r for r in rows if "id" in r.get("flags", {})]
    if alike:
        students = ("<h2>Ids that look alike</h2><ul>" + "".join(
            f"<li>{html.escape(r['student'])}: {html.escape(r['flags']['id'])}</li>"
            for r in alike) + "</ul>" + students)
    page = ("<!doctype html><meta charset='utf-8'><title>Class summary</title>"
            "<style>body{font-family:sans-serif;margin:2em}td,th{padding:.3em 1em;"
            "text-align:left;border-bottom:1px solid #d0d7de}</style>"
            f"<h1>Class summary: {len(rows)} submissions</h1>"
            f"<img alt='passed per question' src='data:image/png;base64,{_chart(stats)}'>"
            f"<table><tr><th>question</th><th>passed</th>{head}<th>most common pitfall</th></tr>"
            f"{body}</table>{students}")
    return write_atomically(path, page)

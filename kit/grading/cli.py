"""`python -m kit grade [options] [--] SUBMISSIONS...`: grade a class into a CSV and reports.

The parts: `intake` (which notebooks, whose, which topic: the teacher's), `isolation` (the
sandbox), `protocol` (the pipes to a learner's process), `judging` (each question checked here,
by the grader's clock), `outputs` (the CSV and the reports), `gradebook` (Canvas, the summary).
"""

import argparse
import os
import sys
import tempfile
from functools import partial
from pathlib import Path

from kit.exercises import TOPICS, questions
from kit.grading import gradebook, isolation
from kit.grading.intake import Refusal, expand, prepare
from kit.grading.judging import grade_all, grade_notebook
from kit.grading.outputs import check_collisions, check_outputs, report_names, write_outputs


def _progress(done: int, total: int, name: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {name[:30]:<30}",
          end="" if done < total else "\n", file=sys.stderr, flush=True)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m kit grade", allow_abbrev=False,
                                description="Grade learner notebooks into a CSV and reports.")
    p.add_argument("submissions", nargs="+", help="learner notebooks (.ipynb), filled in, or "
                   "folders of them (an nbgrader course folder: its submitted/); put them "
                   "after -- when a name starts with -")
    p.add_argument("--out", default="grades.csv", help="the CSV to write (default grades.csv)")
    p.add_argument("--report", help="folder for a per-student report (HTML and JSON)")
    p.add_argument("--timeout", type=float, default=60,
                   help="CPU seconds per question (wall-clock limit: twice that)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="notebooks graded at once (default: CPU cores)")
    p.add_argument("--exercises", help="the class's topic (default: the one the course's "
                   "source/<assignment>/ notebook declares, in nbgrader's layout)")
    p.add_argument("--gradebook", choices=["canvas"], help="also write the grades as an LMS "
                   "gradebook import, beside --out (canvas: <out>.canvas.csv)")
    p.add_argument("--summary", help="also write a class summary page (HTML): every outcome "
                   "per question, the most common pitfall, a link to each report")
    p.add_argument("--unsafe", action="store_true",
                   help="grade even where learners cannot be isolated (trusted notebooks)")
    return p


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    p = parser()
    options = argv[:argv.index("--")] if "--" in argv else argv
    for arg in options:
        if arg.startswith("-") and arg.endswith(".ipynb"):
            p.error(f"{arg!r} looks like an option but names a notebook; put the "
                    f"notebooks after -- (python -m kit grade --out grades.csv -- {arg})")
    args = p.parse_args(argv)
    if args.timeout <= 0:
        p.error(f"--timeout must be > 0, got {args.timeout}")
    if args.jobs < 1:
        p.error(f"--jobs must be >= 1, got {args.jobs}")
    if args.exercises is not None and args.exercises not in TOPICS:
        p.error(f"--exercises must be one of {', '.join(TOPICS)}, got {args.exercises!r}")
    out = Path(os.path.abspath(args.out))
    report = Path(os.path.abspath(args.report)) if args.report else None
    canvas = out.with_suffix(".canvas.csv") if args.gradebook == "canvas" else None
    summary = Path(os.path.abspath(args.summary)) if args.summary else None
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
        from hypothesis.configuration import set_hypothesis_home_dir

        set_hypothesis_home_dir(Path(folder) / ".hypothesis")  # not the teacher's folder
        try:
            check_outputs(submissions, out, report)
            jobs, topic = prepare(submissions, args.exercises, Path(folder))
            names = report_names([j.student for j in jobs])
            check_collisions({"--out": out, "the Canvas CSV": canvas, "--summary": summary},
                             report, names if report else {})
        except Refusal as e:
            print(f"grade: {e}", file=sys.stderr)
            return 2
        for problem in questions(topic).values():  # drawn once, here: the graders fork with it
            problem.prepare()
        grade = partial(grade_notebook, topic=topic, timeout=args.timeout, isolated=not why)
        rows = grade_all(jobs, grade, args.jobs, _progress)
    known = {q: p.points for q, p in questions(topic).items()}
    for r in rows:  # a notebook the grader could not grade still gets every column, at zero
        if not r["max"]:
            r["max"], r["scores"] = dict(known), dict.fromkeys(known, 0)
    status = write_outputs(rows, out, report)
    extras = []
    try:
        if args.gradebook == "canvas":
            extras.append(gradebook.write_canvas(rows, canvas, topic))
        if summary:
            extras.append(gradebook.write_summary(rows, summary, report, names))
    except OSError as e:
        print(f"grade: could not write {e.filename} ({e.strerror}); {args.out} has the scores",
              file=sys.stderr)
        status = 1
    if status == 0:
        print(f"wrote {args.out}" + (f" and reports in {args.report}" if args.report else "")
              + "".join(f", {p}" for p in extras))
    return status

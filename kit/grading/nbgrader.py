"""`python -m kit nbgrader ARGS...`: nbgrader's own command line, from the copy `make venv`
installs apart from the kit's environment (`.venv/nbgrader`, so its JupyterLab extensions never
change what learners see). Runs `python -m nbgrader ARGS` with that copy and the kit importable,
in the current folder (nbgrader's course folder), and returns its exit status.

nbgrader runs every student's notebook (`autograde`, `validate`) in a kernel. Here that kernel is
`kit.grading.nbkernel`: ipykernel inside the same bubblewrap sandbox as `kit grade`'s learners, an
unprivileged uid, no network, read-only views of the interpreter, the venv and the kit, a private
/tmp, talking to nbgrader over unix sockets (ZeroMQ's ipc transport) in a runtime folder made for
this run; no process of a notebook outlives its kernel. Where no sandbox can be made, those
commands are refused in one line, unless `--unsafe` says the notebooks are trusted (nbgrader's
own kernel, as the teacher).

nbgrader scores a graded cell by whether it raised, in the student's own kernel, where the
student's cells ran first: a cell can rebind `ex`, patch the check or fake the module, so those
points are the student's to choose. So after a sandboxed `autograde` succeeds, every graded cell's
automatic score in the gradebook is replaced by the kit's grader's points for that question
(`python -m kit grade submitted`, each notebook in its own sandbox, judged outside it): the
gradebook, `export` and `kit grade` then give the same points, and no cell can change them."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NBGRADER = ROOT / ".venv" / "nbgrader"
RUNS_STUDENTS = frozenset({"autograde", "validate"})  # nbgrader commands that execute notebooks


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    unsafe = "--unsafe" in argv
    argv = [a for a in argv if a != "--unsafe"]
    command = next((a for a in argv if not a.startswith("-")), None)
    sandboxed = command in RUNS_STUDENTS and not unsafe
    if sandboxed:
        from kit.grading import isolation

        why = isolation.unavailable()
        if why:
            print(f"nbgrader: refusing `{command}`: it runs every student's notebook, and no "
                  f"sandbox can be made here ({why}); grade with `python -m kit grade` where "
                  "one can, or pass --unsafe for trusted notebooks", file=sys.stderr)
            return 2
    if not (NBGRADER / "nbgrader").is_dir():
        print(f"nbgrader: not installed in {NBGRADER}; run `make venv` in {ROOT}",
              file=sys.stderr)
        return 2
    path = os.pathsep.join([str(NBGRADER), str(ROOT)])
    env = {**os.environ, "PYTHONPATH": path,
           "PATH": f"{NBGRADER / 'bin'}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}"
                   f"{os.environ.get('PATH', '')}"}
    if not sandboxed:
        return subprocess.run([sys.executable, "-m", "nbgrader", *argv], env=env).returncode
    folder = Path(tempfile.mkdtemp(prefix="kit-nbgrader-"))
    try:
        runtime = folder / "runtime"
        runtime.mkdir()
        os.chmod(folder, 0o755)
        os.chmod(runtime, 0o1777)  # the sandboxed kernels' sockets (each kernel its own uid)
        from kit.grading.nbkernel import MARK

        (runtime / MARK).write_text("python -m kit nbgrader: its kernels' sockets\n")
        spec = folder / "share" / "kernels" / "kit-sandbox"
        spec.mkdir(parents=True)
        (spec / "kernel.json").write_text(json.dumps({
            "argv": [sys.executable, "-m", "kit.grading.nbkernel", "{connection_file}"],
            "display_name": "Python (kit sandbox)", "language": "python"}))
        env |= {"JUPYTER_RUNTIME_DIR": str(runtime),
                "JUPYTER_PATH": os.pathsep.join(filter(None, [str(folder / "share"),
                                                              os.environ.get("JUPYTER_PATH")]))}
        status = subprocess.run([sys.executable, "-m", "nbgrader", *argv,
                                 "--ExecutePreprocessor.kernel_name=kit-sandbox",
                                 "--KernelManager.transport=ipc",
                                 f"--KernelManager.ip={runtime / 'kernel'}",
                                 f"--KernelManager.connection_file={runtime / 'kernel.json'}"],
                                env=env).returncode
        if status == 0 and command == "autograde":
            status = rescore(argv[argv.index(command) + 1:], env, folder)
        return status
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# in nbgrader's environment: every (student, notebook, grade cell, points) into the gradebook
_WRITE_SCORES = """
import json, sys
from nbgrader.api import Gradebook, MissingEntry
with Gradebook(sys.argv[1]) as gb:
    for student, notebook, cell, points in json.load(sys.stdin):
        try:
            grade = gb.find_grade(cell, notebook, sys.argv[2], student)
        except MissingEntry:
            continue  # not autograded in this run
        grade.auto_score = points
    gb.db.commit()
"""


def rescore(args: list[str], env: dict, folder: Path) -> int:
    """The kit's points for every graded cell of the assignment autograded in `args`, written
    over nbgrader's own in `gradebook.db` (nbgrader's default, in the course folder)."""
    import nbformat

    from kit.build import GRADED

    assignment = next((a for a in args if not a.startswith("-")), None)
    sources = sorted(Path("source", assignment or "").glob("*.ipynb")) if assignment else []
    if not sources or not Path("gradebook.db").is_file():
        print("nbgrader: autograde ran, but the kit could not find source/<assignment>/ and "
              "gradebook.db to put its own points in; the gradebook holds nbgrader's, which a "
              "student's cells can fake", file=sys.stderr)
        return 1
    scores = []
    for source in sources:
        nb = nbformat.read(source, as_version=4)
        topic = nb.metadata.get("kit", {}).get("exercises")
        cells = {GRADED.match(c.source).group(1): c.metadata["nbgrader"]["grade_id"]
                 for c in nb.cells if c.cell_type == "code"
                 and c.metadata.get("nbgrader", {}).get("grade") and GRADED.match(c.source)}
        if not topic or not cells:
            continue
        reports = folder / f"reports-{source.stem}"
        done = subprocess.run([sys.executable, "-m", "kit", "grade", "--exercises", topic,
                               "--out", str(folder / f"{source.stem}.csv"), "--report",
                               str(reports), "submitted"])
        if done.returncode != 0:
            print(f"nbgrader: the kit's grader failed on submitted/ ({source.name}); the "
                  "gradebook holds nbgrader's points, which a student's cells can fake",
                  file=sys.stderr)
            return done.returncode
        for report in sorted(reports.glob("*.json")):
            row = json.loads(report.read_text())
            scores += [(row["student"], source.stem, cell, row["scores"].get(q, 0))
                       for q, cell in cells.items()]
    return subprocess.run([sys.executable, "-c", _WRITE_SCORES, "sqlite:///gradebook.db",
                           assignment], input=json.dumps(scores), text=True,
                          env=env).returncode

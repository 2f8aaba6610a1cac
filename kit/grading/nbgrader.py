"""`python -m kit nbgrader ARGS...`: nbgrader's own command line, from the copy `make venv`
installs apart from the kit's environment (`.venv/nbgrader`, so its JupyterLab extensions never
change what learners see). Runs `python -m nbgrader ARGS` with that copy and the kit importable,
in the current folder (nbgrader's course folder), and returns its exit status.

nbgrader runs a student's notebook (`autograde`, `validate`) as the teacher, with no sandbox: a
hostile student's cell could rewrite a classmate's submission or the grades, and leave processes
running. So those commands are refused, in one line pointing at `python -m kit grade` (each
notebook in its own sandbox), unless `--unsafe` says the notebooks are trusted."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NBGRADER = ROOT / ".venv" / "nbgrader"
RUNS_STUDENTS = frozenset({"autograde", "validate"})  # nbgrader commands that execute notebooks


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    unsafe = "--unsafe" in argv
    argv = [a for a in argv if a != "--unsafe"]
    command = next((a for a in argv if not a.startswith("-")), None)
    if command in RUNS_STUDENTS and not unsafe:
        print(f"nbgrader: refusing `{command}`: it runs every student's notebook as you, with no "
              "sandbox; grade with `python -m kit grade submitted --out grades.csv --report "
              "reports/` (each notebook sandboxed), or pass --unsafe for trusted notebooks",
              file=sys.stderr)
        return 2
    if not (NBGRADER / "nbgrader").is_dir():
        print(f"nbgrader: not installed in {NBGRADER}; run `make venv` in {ROOT}",
              file=sys.stderr)
        return 2
    path = os.pathsep.join([str(NBGRADER), str(ROOT)])
    env = {**os.environ, "PYTHONPATH": path,
           "PATH": f"{NBGRADER / 'bin'}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}"
                   f"{os.environ.get('PATH', '')}"}
    return subprocess.run([sys.executable, "-m", "nbgrader", *argv], env=env).returncode

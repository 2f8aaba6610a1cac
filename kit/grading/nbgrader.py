"""`python -m kit nbgrader ARGS...`: nbgrader's own command line, from the copy `make venv`
installs apart from the kit's environment (`.venv/nbgrader`, so its JupyterLab extensions never
change what learners see). Runs `python -m nbgrader ARGS` with that copy and the kit importable,
in the current folder (nbgrader's course folder), and returns its exit status."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NBGRADER = ROOT / ".venv" / "nbgrader"


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not (NBGRADER / "nbgrader").is_dir():
        print(f"nbgrader: not installed in {NBGRADER}; run `make venv` in {ROOT}",
              file=sys.stderr)
        return 2
    path = os.pathsep.join([str(NBGRADER), str(ROOT)])
    env = {**os.environ, "PYTHONPATH": path,
           "PATH": f"{NBGRADER / 'bin'}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}"
                   f"{os.environ.get('PATH', '')}"}
    return subprocess.run([sys.executable, "-m", "nbgrader", *argv], env=env).returncode

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
own kernel, as the teacher)."""

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
        return subprocess.run([sys.executable, "-m", "nbgrader", *argv,
                               "--ExecutePreprocessor.kernel_name=kit-sandbox",
                               "--KernelManager.transport=ipc",
                               f"--KernelManager.ip={runtime / 'kernel'}",
                               f"--KernelManager.connection_file={runtime / 'kernel.json'}"],
                              env=env).returncode
    finally:
        shutil.rmtree(folder, ignore_errors=True)

"""`python -m kit.grading.nbkernel CONNECTION_FILE`: an IPython kernel in the kit's sandbox, the
kernel `python -m kit nbgrader autograde` gives nbgrader for every student's notebook.

The kernel runs as `kit grade`'s learners do (`kit.grading.isolation`: fresh namespaces, no
network, an unprivileged uid, read-only views of the interpreter, the venv and the kit, a private
/tmp, the seccomp filter, rlimits), and talks to nbgrader over ZeroMQ's `ipc` transport: unix
sockets in the private runtime folder the wrapper made for this run, the only host folder the
sandbox can write (it must hold the mark `kit nbgrader` puts there: no other folder is ever
swept). Whatever a previous kernel left there is removed first and after. Of nbgrader's
environment only NBGRADER_EXECUTION reaches the kernel (a check raises under it). When nbgrader
ends the kernel (or kills this process), bubblewrap's init dies and the kernel takes every
process it started with it.
"""

import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from kit.grading import isolation

MARK = ".kit-nbgrader-runtime"  # in the runtime folder the wrapper made, and only there


def _sweep(folder: Path, keep: set[str]) -> None:
    """Remove what earlier kernels left in the runtime folder (everything but `keep`)."""
    for entry in folder.iterdir():
        if entry.name not in keep:
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)


PASSED = ("NBGRADER_EXECUTION",)  # the one variable of nbgrader's a kernel needs (checks raise)
PORTS = ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    connection = Path(argv[0]).resolve()
    info = json.loads(connection.read_text())
    if info.get("transport") != "ipc":
        print("nbkernel: the sandboxed kernel needs --KernelManager.transport=ipc",
              file=sys.stderr)
        return 2
    runtime = connection.parent
    if not (runtime / MARK).is_file():  # only the folder `kit nbgrader` made for its kernels
        print(f"nbkernel: {connection} is not in a runtime folder made by `python -m kit "
              "nbgrader`; not started", file=sys.stderr)
        return 2
    readable = runtime / f"{connection.stem}-sandbox.json"
    mine = {MARK, connection.name, readable.name} | {
        f"{Path(info['ip']).name}-{info[p]}" for p in PORTS if p in info}
    if Path(info["ip"]).resolve().parent != runtime:
        print("nbkernel: the kernel's sockets must be in its runtime folder", file=sys.stderr)
        return 2
    _sweep(runtime, mine)
    readable.write_text(json.dumps(info))
    os.chmod(readable, 0o644)
    fd = isolation.seccomp_fd()
    views = isolation.Views()
    python = Path(sys.executable).parent.resolve() / Path(sys.executable).name  # as bound inside
    command = [str(python), "-I", "-B", "-m", "ipykernel_launcher", "-f", str(readable)]
    uid = secrets.SystemRandom().randrange(*isolation.UIDS)
    argv = isolation.bwrap_argv(command, uid, views=views, seccomp_fd=fd,
                                writable=(str(runtime),),
                                env={k: os.environ[k] for k in PASSED if k in os.environ})
    # the kernel's own log (ipykernel's shutdown cannot see its sandbox's init: a psutil
    # traceback) goes where `kit grade`'s learners' does, /dev/null; its outputs go over ZeroMQ
    proc = subprocess.Popen(argv, pass_fds=(fd,), preexec_fn=views.mount,
                            stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(fd)
    for sig in (signal.SIGINT, signal.SIGTERM):  # nbgrader's interrupt and stop, passed on
        signal.signal(sig, lambda s, _frame: proc.send_signal(s))
    try:
        return proc.wait()
    finally:
        views.remove()
        _sweep(runtime, {MARK, connection.name})  # nothing of this kernel's is left for the next


if __name__ == "__main__":
    sys.exit(main())

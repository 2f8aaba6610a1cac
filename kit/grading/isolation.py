"""Where a learner's code runs: a bubblewrap sandbox, and how everything in it is stopped.

Each learner process gets, from bubblewrap (as root) and setpriv:

- fresh PID, mount, IPC, UTS and network namespaces (no network at all, not even loopback to the
  host) and a fresh `/proc` that shows only its own processes;
- a file system of read-only binds of `/usr` (the system's shared libraries and `setpriv`), the
  interpreter's prefix, the venv, the site-packages folders the grader itself uses, and the `kit`
  package alone (not the checkout around it), plus one empty private writable folder (`/tmp`, a
  64 MB tmpfs that is also HOME and the working folder). No submission, report, CSV or other
  learner's folder is visible;
- an unprivileged uid and gid of its own (a fresh one per sandbox, so a fork bomb's process count
  never touches a classmate graded at the same time), no groups, no capabilities (bounding set
  empty), `no_new_privs`, a new session, and limits on memory, CPU, file size and processes;
- an interpreter started isolated: `python -I -B` (no PYTHON* variables, no user site, no current
  folder on `sys.path`, no bytecode written), an empty environment but HOME and PATH, and no file
  descriptors but its two pipes (stderr is /dev/null).

The grader kills by namespace, not by process group: `kill_all_but(keep)` SIGKILLs every process
in the sandbox's PID namespace but the ones kept, until none is left; `close()` kills the
namespace's init, after which the kernel kills everything in it, and waits until /proc shows none.
A process that calls setsid, leaves its process group or clears its parent-death signal is still
in the namespace. Without root or bubblewrap, `unavailable()` says why in one line; the grader
refuses unless told `--unsafe`, and then runs the learner as a plain child (rlimits and a process
session only: nothing above is promised).
"""

import json
import os
import resource
import secrets
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MEMORY_BYTES = 2 << 30  # address space per process
FOLDER_BYTES = 64 << 20  # the private writable folder
MAX_TASKS = 64  # processes and threads per sandbox (RLIMIT_NPROC of its own uid)
CPU_SECONDS = 300
UIDS = (1 << 20, 1 << 30)  # a fresh uid per sandbox, from this range (no user owns one here)


def unavailable() -> str | None:
    """None when learners can be isolated here; otherwise why not, in one line."""
    if os.geteuid() != 0:
        return "isolating learners needs root (bubblewrap namespaces and an unprivileged uid)"
    for tool in ("bwrap", "setpriv"):
        if not shutil.which(tool):
            return f"{tool} is not installed (apt-get install -y bubblewrap util-linux)"
    probe = subprocess.run(_bwrap(["true"], uid=UIDS[0]), capture_output=True, timeout=30,
                           stdin=subprocess.DEVNULL)
    if probe.returncode != 0:
        return f"bubblewrap cannot make a sandbox here: {probe.stderr.decode()[:200].strip()}"
    return None


def _binds() -> list[str]:
    """Folders the learner's interpreter needs, read-only: its prefix, the venv, the site folders
    the grader uses (a venv may extend another's), the kit package alone."""
    import kit

    wanted = {Path(sys.base_prefix), Path(sys.prefix), Path(kit.__file__).resolve().parent}
    wanted |= {Path(p) for p in sys.path
               if p and Path(p).name in ("site-packages", "dist-packages") and Path(p).is_dir()}
    wanted = {p.resolve() for p in wanted}
    kept: list[Path] = []
    for p in sorted(wanted, key=lambda p: len(p.parts)):
        if not any(p == k or k in p.parents for k in [Path("/usr"), *kept]):
            kept.append(p)
    return [str(p) for p in kept]


def _bwrap(command: list[str], uid: int, info_fd: int | None = None) -> list[str]:
    argv = ["bwrap", "--unshare-pid", "--unshare-ipc", "--unshare-net", "--unshare-uts",
            "--unshare-cgroup-try", "--die-with-parent", "--new-session", "--clearenv",
            "--proc", "/proc", "--dev", "/dev", "--ro-bind", "/usr", "/usr"]
    for top in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        path = Path("/") / top
        if path.is_symlink():
            argv += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            argv += ["--ro-bind", str(path), str(path)]
    # the private folder first: a bind below /tmp (a throwaway kit) then shows inside it
    argv += ["--perms", "1777", "--size", str(FOLDER_BYTES), "--tmpfs", "/tmp"]
    made = {Path("/"), Path("/usr"), Path("/tmp")}
    for folder in _binds():
        for parent in reversed(Path(folder).parents):
            if parent not in made:
                argv += ["--perms", "0755", "--dir", str(parent)]
                made.add(parent)
        argv += ["--ro-bind", folder, folder]
    argv += ["--chdir", "/tmp",
             "--setenv", "HOME", "/tmp", "--setenv", "PATH", "/usr/bin:/bin",
             "--setenv", "MPLBACKEND", "Agg", "--setenv", "MPLCONFIGDIR", "/tmp/.matplotlib"]
    if info_fd is not None:
        argv += ["--info-fd", str(info_fd)]
    argv += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_SETPCAP",
             "--", "setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
             "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", *command]
    return argv


def _limit() -> None:  # in the child, before bwrap; inherited by everything in the sandbox
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_FSIZE, (FOLDER_BYTES, FOLDER_BYTES))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_NPROC, (MAX_TASKS, MAX_TASKS))


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _alive(pid: int) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[0] not in "ZX"


def _pids() -> list[int]:
    return [int(p) for p in os.listdir("/proc") if p.isdigit()]


class Sandbox:
    """A learner's process, started isolated (or, `isolated=False`, as a plain child). `stdin` and
    `stdout` are the two pipes; `main` is the learner's main process (its host pid)."""

    def __init__(self, command: list[str], isolated: bool):
        self.isolated = isolated
        self.init = self.ns = self.folder = None
        if isolated:
            info_r, info_w = os.pipe()
            argv = _bwrap(command, secrets.SystemRandom().randrange(*UIDS), info_w)
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, pass_fds=(info_w,),
                                         preexec_fn=_limit, start_new_session=True)
            os.close(info_w)
            self.init = self._read_info(info_r)
            try:
                self.ns = os.readlink(f"/proc/{self.init}/ns/pid") if self.init else None
            except OSError:
                self.ns = None
        else:
            self.folder = tempfile.mkdtemp(prefix="kit-learner-")
            self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, cwd=self.folder,
                                         env={"PATH": "/usr/bin:/bin", "MPLBACKEND": "Agg",
                                              "HOME": self.folder},
                                         preexec_fn=_unsafe_limit, start_new_session=True)
        self.main: int | None = None if isolated else self.proc.pid

    @staticmethod
    def _read_info(fd: int) -> int | None:
        data = b""
        deadline = time.monotonic() + 30
        try:
            while time.monotonic() < deadline:
                ready, _, _ = select.select([fd], [], [], 0.5)
                if ready:
                    chunk = os.read(fd, 4096)
                    if not chunk:
                        break
                    data += chunk
                    try:
                        return int(json.loads(data)["child-pid"])
                    except (ValueError, KeyError):
                        continue
        finally:
            os.close(fd)
        return None

    def members(self) -> list[int]:
        """Host pids of every live process in the sandbox but its init."""
        if not self.isolated:
            found = [pid for pid in _pids() if (_stat(pid) or [''] * 6)[3] == str(self.proc.pid)]
            return [pid for pid in found if _alive(pid)]
        if self.ns is None:
            return []
        found = []
        for pid in _pids():
            if pid == self.init:
                continue
            try:
                if os.readlink(f"/proc/{pid}/ns/pid") == self.ns and _alive(pid):
                    found.append(pid)
            except OSError:
                continue
        return found

    def find_main(self) -> int | None:
        """The learner's main process: PID 2 of the namespace (bubblewrap's init is 1)."""
        if not self.isolated:
            return self.main
        for pid in self.members():
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            nspid = next((line.split()[1:] for line in status.splitlines()
                          if line.startswith("NSpid:")), [])
            if nspid and nspid[-1] == "2":
                self.main = pid
                return pid
        return None

    def signal_main(self, sig: int) -> None:
        if self.main is not None:
            try:
                os.kill(self.main, sig)
            except OSError:
                pass

    def kill_all_but(self, keep: set[int]) -> bool:
        """SIGKILL every process of the sandbox not in `keep`, until none is left (True), or give
        up after a few hundred rounds (False: the caller kills the whole sandbox)."""
        for _ in range(300):
            victims = [pid for pid in self.members() if pid not in keep]
            if not victims:
                return True
            for pid in victims:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(0.002)
        return False

    def close(self) -> None:
        """Kill everything in the sandbox and wait until the last of it is gone."""
        if self.isolated and self.init is not None:
            try:
                os.kill(self.init, signal.SIGKILL)  # the namespace dies with its init
            except OSError:
                pass
        else:
            for _ in range(3):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except OSError:
                    break
        try:
            self.proc.kill()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        deadline = time.monotonic() + 10
        while self.members() and time.monotonic() < deadline:
            self.kill_all_but(set())
            time.sleep(0.01)
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)


def _unsafe_limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_FSIZE, (FOLDER_BYTES, FOLDER_BYTES))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

"""Where a learner's code runs: a bubblewrap sandbox, and how everything in it is stopped.

Each learner process gets, from bubblewrap and (as root) setpriv:

- fresh PID, mount, IPC, UTS and network namespaces (no network at all, not even loopback to the
  host) and a fresh `/proc` that shows only its own processes, every machine-wide entry at its
  top (`sys/`, `meminfo`, `loadavg`, `stat`, `locks`, `pressure/`, ...) covered by an empty one
  (no counter is a channel between sandboxes), and a one-line `/etc/passwd` naming its uid;
- a file system of read-only views of `/usr` (the system's shared libraries and `setpriv`), the
  interpreter's prefix, the venv, the site-packages folders the grader itself uses, and the `kit`
  package alone (not the checkout around it), plus one empty private writable folder (`/tmp`, a
  64 MB tmpfs that is also HOME and the working folder). No submission, report, CSV or other
  learner's folder is visible. Each view is an overlay mount of its own (read-only, over the real
  folder), made for this sandbox alone, so its files are inodes of its own: a lock (flock, POSIX
  or OFD) taken on one is never seen from another sandbox;
- an unprivileged uid: as root, a fresh uid and gid per sandbox (setpriv), no groups, no
  capabilities (bounding set empty), `no_new_privs`; as a normal user, the grader's own uid in a
  user namespace of the sandbox's own (seen inside as 65534), with no capabilities. Either way a
  new session, the lowest CPU priority once its cells have run (nice 19, set from outside before
  the first question: a question's spinning processes never outweigh a judge), and limits on
  memory, CPU, file size and processes (the process count is kept per uid as
  root and per user namespace otherwise: per sandbox both ways);
- a seccomp filter (built by libseccomp, installed by bubblewrap) under which the system calls
  that read what the whole machine shares fail with EPERM: `sysinfo` (free memory, load, the
  process count), the kernel keyrings (`add_key`, `request_key`, `keyctl`), `syslog`, `ustat`,
  `perf_event_open`, `bpf`, `userfaultfd`, `quotactl`;
- an interpreter started isolated: `python -I -B` (no PYTHON* variables, no user site, no current
  folder on `sys.path`, no bytecode written), an empty environment but HOME and PATH, and no file
  descriptors but its two pipes (stderr is /dev/null).

The grader kills by namespace, not by process group: `kill_all_but(keep)` SIGKILLs every process
in the sandbox's PID namespace but the ones kept, until none is left; `close()` kills the
namespace's init, after which the kernel kills everything in it, and waits until /proc shows none.
A process that calls setsid, leaves its process group or clears its parent-death signal is still
in the namespace. `question_cpu()` and `reaped_cpu()` read the kernel's accounting of the
sandbox's processes (utime and stime from /proc, including the children they reaped). Without
bubblewrap, or where the kernel allows no user namespace, `unavailable()` says why in one line;
the grader refuses unless told `--unsafe`, and then runs the learner as a plain child (rlimits and a
process session only: nothing above is promised).
"""

import ctypes
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
SANDBOX_MEMORY = 2 << 30  # all a sandbox holds (its processes, tmpfs pages, shared memory)
FOLDER_BYTES = 64 << 20  # the private writable folder
MAX_TASKS = 64  # processes and threads per sandbox (RLIMIT_NPROC of its own uid)
CPU_SECONDS = 300
UIDS = (1 << 20, 1 << 30)  # a fresh uid per sandbox, from this range (no user owns one here)
NICE = 19
CLONE_NEWNS, CLONE_NEWUSER = 0x00020000, 0x10000000
MS_RDONLY, MS_REC, MS_PRIVATE = 1, 1 << 14, 1 << 18
_libc = ctypes.CDLL(None, use_errno=True)


# system calls that read or change what the whole machine shares (a counter every sandbox sees,
# a keyring, the kernel's log, performance counters, which pages of a file are cached), that make
# a namespace or a mount of the sandbox's own (a writable place beyond its folder), or that hold
# memory outside every process's address space: each fails with EPERM in the sandbox
DENIED_SYSCALLS = ("sysinfo", "syslog", "ustat", "add_key", "request_key", "keyctl",
                   "perf_event_open", "bpf", "userfaultfd", "quotactl", "lookup_dcookie",
                   # io_uring runs reads, getsockopt and more beyond this filter's sight
                   "io_uring_setup", "io_uring_enter", "io_uring_register",
                   # the page cache: residency read without timing, or changed on request
                   "mincore", "cachestat", "fadvise64", "readahead",
                   # namespaces and mounts (clone's namespace flags below; clone3 is ENOSYS)
                   "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "fsopen",
                   "fsconfig", "fsmount", "fspick", "open_tree", "move_mount", "mount_setattr",
                   # memory no process maps, so no RLIMIT_AS counts it
                   "memfd_create", "memfd_secret")
CLONE_NAMESPACES = (0x00020000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000,
                    0x40000000, 0x00000080)  # NEWNS CGROUP UTS IPC USER PID NET, NEWTIME
SOL_SOCKET, SO_COOKIE, SO_NETNS_COOKIE = 1, 57, 71  # the machine-wide cookie counters
SOCKET_FAMILIES = (1, 2, 10)  # AF_UNIX, AF_INET, AF_INET6
AF_NETLINK = 16  # only its route protocol (0: the sandbox's own interfaces, for getifaddrs,
# which ZeroMQ needs); sock_diag (4), which lists every socket's cookie, and the rest are denied
AF_MAX, RWF_NOWAIT = 46, 0x08  # a read that fails unless cached: a page-cache probe
SCMP_ACT_ALLOW, SCMP_ACT_ERRNO = 0x7FFF0000, 0x00050000
SCMP_CMP_NE, SCMP_CMP_EQ, SCMP_CMP_MASKED_EQ = 1, 4, 7
_seccomp_program: bytes | None = None


class _ArgCmp(ctypes.Structure):  # libseccomp's struct scmp_arg_cmp
    _fields_ = [("arg", ctypes.c_uint), ("op", ctypes.c_int), ("datum_a", ctypes.c_uint64),
                ("datum_b", ctypes.c_uint64)]


def _denied_calls() -> list[tuple[str, int, tuple[tuple[int, int, int, int], ...]]]:
    """(syscall, errno, argument comparisons) of every rule of the sandbox's filter."""
    import errno

    rules = [(name, errno.EPERM, ()) for name in DENIED_SYSCALLS]
    rules += [("clone", errno.EPERM, ((0, SCMP_CMP_MASKED_EQ, flag, flag),))
              for flag in CLONE_NAMESPACES]
    rules.append(("clone3", errno.ENOSYS, ()))  # its flags are out of a filter's reach
    rules += [("getsockopt", errno.EPERM, ((1, SCMP_CMP_EQ, SOL_SOCKET, 0),
                                           (2, SCMP_CMP_EQ, option, 0)))
              for option in (SO_COOKIE, SO_NETNS_COOKIE)]
    rules += [(call, errno.EAFNOSUPPORT, ((0, SCMP_CMP_EQ, family, 0),))
              for call in ("socket", "socketpair")
              for family in range(AF_MAX) if family not in SOCKET_FAMILIES + (AF_NETLINK,)]
    rules += [("socket", errno.EPROTONOSUPPORT, ((0, SCMP_CMP_EQ, AF_NETLINK, 0),
                                                 (2, SCMP_CMP_NE, 0, 0))),
              ("socketpair", errno.EAFNOSUPPORT, ((0, SCMP_CMP_EQ, AF_NETLINK, 0),))]
    rules += [(call, errno.EOPNOTSUPP, ((5, SCMP_CMP_MASKED_EQ, RWF_NOWAIT, RWF_NOWAIT),))
              for call in ("preadv2", "pwritev2")]
    return rules


def seccomp_program() -> bytes:
    """The BPF program (built once by libseccomp) that bubblewrap installs in every sandbox:
    every syscall allowed but the rules of `_denied_calls()`."""
    global _seccomp_program
    if _seccomp_program is None:
        import ctypes.util

        found = ctypes.util.find_library("seccomp")
        if not found:
            raise OSError("libseccomp is not installed (apt-get install -y libseccomp2)")
        lib = ctypes.CDLL(found, use_errno=True)
        lib.seccomp_init.restype = ctypes.c_void_p
        lib.seccomp_init.argtypes = [ctypes.c_uint32]
        lib.seccomp_rule_add_array.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int,
                                               ctypes.c_uint, ctypes.POINTER(_ArgCmp)]
        lib.seccomp_export_bpf.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.seccomp_release.argtypes = [ctypes.c_void_p]
        lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
        ctx = lib.seccomp_init(SCMP_ACT_ALLOW)
        if not ctx:
            raise OSError("libseccomp: seccomp_init failed")
        read, write = os.pipe()
        try:
            for name, err, compared in _denied_calls():
                number = lib.seccomp_syscall_resolve_name(name.encode())
                if number < 0:
                    continue  # not a system call of this architecture
                args = (_ArgCmp * max(len(compared), 1))(*[_ArgCmp(*c) for c in compared])
                if lib.seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO | err, number, len(compared),
                                              args) != 0:
                    raise OSError(f"libseccomp: cannot deny {name}")
            if lib.seccomp_export_bpf(ctx, write) != 0:
                raise OSError("libseccomp: seccomp_export_bpf failed")
            os.close(write)
            write = -1
            chunks = []
            while chunk := os.read(read, 1 << 16):
                chunks.append(chunk)
            _seccomp_program = b"".join(chunks)
        finally:
            lib.seccomp_release(ctx)
            os.close(read)
            if write >= 0:
                os.close(write)
    return _seccomp_program


def seccomp_fd() -> int:
    """A fresh file descriptor holding the sandbox's seccomp program, for `bwrap --seccomp`."""
    fd = os.memfd_create("kit-seccomp")
    os.write(fd, seccomp_program())
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


def privileged() -> bool:
    return os.geteuid() == 0


def unavailable() -> str | None:
    """None when learners can be isolated here; otherwise why not, in one line."""
    for tool in ("bwrap",) + (("setpriv",) if privileged() else ()):
        if not shutil.which(tool):
            return f"{tool} is not installed (apt-get install -y bubblewrap util-linux)"
    try:
        fd = seccomp_fd()
    except OSError as e:
        return str(e)
    views = Views()
    try:
        probe = subprocess.run(bwrap_argv(["true"], uid=UIDS[0], views=views, seccomp_fd=fd),
                               capture_output=True, timeout=30, stdin=subprocess.DEVNULL,
                               preexec_fn=views.mount, pass_fds=(fd,))
    except subprocess.SubprocessError as e:
        return f"cannot make a sandbox here ({e}): the kernel allows no mount namespace"
    finally:
        views.remove()
        os.close(fd)
    if probe.returncode != 0:
        return f"bubblewrap cannot make a sandbox here: {probe.stderr.decode()[:200].strip()}"
    return None


def _check(result: int, what: str) -> None:
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


class Views:
    """Read-only overlay mounts of the folders a sandbox binds, made for one sandbox: their
    files are the real ones' contents with inodes of their own (no lock crosses sandboxes).
    `mount()` runs in the sandbox's child before bubblewrap starts, in a mount namespace of its
    own (and, as a normal user, a user namespace of its own), so the host never sees them."""

    def __init__(self):
        self.cgroup = memory_cgroup()
        self.stage = tempfile.mkdtemp(prefix="kit-views-")
        self.empty = os.path.join(self.stage, "empty")
        os.mkdir(self.empty)
        self.folders = {}
        for i, folder in enumerate(dict.fromkeys(_tops() + _binds())):
            os.mkdir(os.path.join(self.stage, str(i)))
            self.folders[folder] = os.path.join(self.stage, str(i))

    def mount(self) -> None:  # in the child, after fork, before exec
        _limit()
        if self.cgroup is not None:  # everything the sandbox will run is charged to it
            (self.cgroup / "cgroup.procs").write_text(str(os.getpid()))
        uid, gid = os.getuid(), os.getgid()
        flags = CLONE_NEWNS | (0 if privileged() else CLONE_NEWUSER)
        _check(_libc.unshare(flags), "unshare")
        if not privileged():
            for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"),
                               ("gid_map", f"{gid} {gid} 1")):
                with open(f"/proc/self/{name}", "w") as f:
                    f.write(text)
        _check(_libc.mount(None, b"/", None, MS_REC | MS_PRIVATE, None), "mount --make-rprivate")
        for folder, view in self.folders.items():
            options = f"lowerdir={_escape(folder)}:{_escape(self.empty)}".encode()
            _check(_libc.mount(b"overlay", view.encode(), b"overlay", MS_RDONLY, options),
                   f"overlay of {folder}")

    def remove(self) -> None:
        shutil.rmtree(self.stage, ignore_errors=True)
        if self.cgroup is not None:
            deadline = time.monotonic() + 5
            while True:  # empty once the last process of the sandbox is reaped
                try:
                    self.cgroup.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        break
                    time.sleep(0.01)


def _memory_root() -> Path | None:
    """The cgroup v1 memory folder this process is in, when it can make one below it."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if "memory" in controllers.split(","):
            root = Path("/sys/fs/cgroup/memory") / path.lstrip("/")
            if (root / "memory.limit_in_bytes").exists() and os.access(root, os.W_OK):
                return root
    return None


def memory_cgroup() -> Path | None:
    """A fresh memory cgroup limited to SANDBOX_MEMORY (swap included where it is counted), or
    None where none can be made here (no cgroup v1 memory controller we may write)."""
    root = _memory_root()
    if root is None:
        return None
    group = root / f"kit-sandbox-{secrets.token_hex(8)}"
    try:
        group.mkdir()
        (group / "memory.limit_in_bytes").write_text(str(SANDBOX_MEMORY))
        if (group / "memory.memsw.limit_in_bytes").exists():
            (group / "memory.memsw.limit_in_bytes").write_text(str(SANDBOX_MEMORY))
    except OSError:
        try:
            group.rmdir()
        except OSError:
            pass
        return None
    return group


def _escape(path: str) -> str:
    return path.replace("\\", "\\\\").replace(":", "\\:").replace(",", "\\,")


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


def _tops() -> list[str]:
    """/usr and the top folders beside it that are folders of their own (not links into it)."""
    return ["/usr"] + [f"/{top}" for top in ("bin", "sbin", "lib", "lib32", "lib64", "libx32")
                       if not Path(f"/{top}").is_symlink() and Path(f"/{top}").is_dir()]


# what of /proc is the sandbox's own (or fixed at boot); every other entry at its top is the
# whole machine's (file-nr, meminfo, loadavg, stat, locks, pressure, ...) and is masked, empty
PROC_KEPT = frozenset({"self", "thread-self", "mounts", "net", "filesystems", "version"})


def _proc_masks() -> list[str]:
    """bwrap arguments that cover each machine-wide entry of /proc: a file with an empty one
    (/dev/null), a folder with an empty read-only tmpfs."""
    masks = []
    for entry in sorted(os.listdir("/proc")):
        path = f"/proc/{entry}"
        if entry.isdigit() or entry in PROC_KEPT or os.path.islink(path):
            continue
        masks += ["--perms", "0555", "--tmpfs", path, "--remount-ro", path] \
            if os.path.isdir(path) else ["--ro-bind", "/dev/null", path]
    return masks


def bwrap_argv(command: list[str], uid: int, info_fd: int | None = None,
           views: "Views | None" = None, seccomp_fd: int | None = None,
           writable: tuple[str, ...] = (), env: dict[str, str] | None = None) -> list[str]:
    view = (views.folders if views else {}).get
    argv = ["bwrap", "--unshare-pid", "--unshare-ipc", "--unshare-net", "--unshare-uts",
            "--unshare-cgroup-try", "--die-with-parent", "--new-session", "--clearenv",
            "--proc", "/proc", *_proc_masks(), "--dev", "/dev"]
    if not privileged():
        argv += ["--unshare-user", "--uid", "65534", "--gid", "65534"]
    for top in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        if Path(f"/{top}").is_symlink():
            argv += ["--symlink", os.readlink(f"/{top}"), f"/{top}"]
    for top in _tops():
        argv += ["--ro-bind", view(top, top), top]
    # the private folder first: a bind below /tmp (a throwaway kit) then shows inside it
    argv += ["--perms", "1777", "--size", str(FOLDER_BYTES), "--tmpfs", "/tmp"]
    made = {Path("/"), Path("/tmp"), *map(Path, _tops())}
    for folder in _binds():
        if folder in _tops():
            continue
        for parent in reversed(Path(folder).parents):
            if parent not in made:
                argv += ["--perms", "0755", "--dir", str(parent)]
                made.add(parent)
        argv += ["--ro-bind", view(folder, folder), folder]
    for folder in writable:  # shared with the host at the same path (a kernel's sockets)
        for parent in reversed(Path(folder).parents):
            if parent not in made:
                argv += ["--perms", "0755", "--dir", str(parent)]
                made.add(parent)
        argv += ["--bind", folder, folder]
    if views is not None:  # who the learner is, for tools that ask (initdb, getpass)
        me = uid if privileged() else 65534
        passwd = os.path.join(views.stage, "passwd")
        with open(passwd, "w") as f:
            f.write(f"learner:x:{me}:{me}:learner:/tmp:/bin/false\n")
        group = os.path.join(views.stage, "group")
        with open(group, "w") as f:
            f.write(f"learner:x:{me}:\n")
        os.chmod(passwd, 0o644)
        os.chmod(group, 0o644)
        argv += ["--perms", "0755", "--dir", "/etc", "--ro-bind", passwd, "/etc/passwd",
                 "--ro-bind", group, "/etc/group"]
    argv += ["--chdir", "/tmp",
             "--setenv", "HOME", "/tmp", "--setenv", "PATH", "/usr/bin:/bin",
             "--setenv", "MPLBACKEND", "Agg", "--setenv", "MPLCONFIGDIR", "/tmp/.matplotlib"]
    for name, value in (env or {}).items():
        argv += ["--setenv", name, value]
    if info_fd is not None:
        argv += ["--info-fd", str(info_fd)]
    if seccomp_fd is not None:
        argv += ["--seccomp", str(seccomp_fd)]
    if not privileged():
        return argv + ["--cap-drop", "ALL", "--", *command]
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


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int, own: bool = True) -> float:
    """A process's CPU seconds (all its threads; `own`) and its reaped children's."""
    fields = _stat(pid)
    if fields is None or len(fields) < 15:
        return 0.0
    return sum(int(f) for f in fields[11 if own else 13:15]) / TICK


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
        self.init = self.ns = self.folder = self.views = None
        if isolated:
            info_r, info_w = os.pipe()
            filter_fd = seccomp_fd()
            self.views = Views()
            argv = bwrap_argv(command, secrets.SystemRandom().randrange(*UIDS), info_w, self.views,
                          filter_fd)
            try:
                self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=subprocess.DEVNULL,
                                             pass_fds=(info_w, filter_fd),
                                             preexec_fn=self.views.mount,
                                             start_new_session=True)
            finally:
                os.close(info_w)
                os.close(filter_fd)
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

    def _all(self) -> list[int]:
        """Host pids of every process in the sandbox but its init, zombies included."""
        if not self.isolated:
            session = str(self.proc.pid)
            return [pid for pid in _pids() if (_stat(pid) or [""] * 6)[3] == session]
        found = []
        for pid in _pids():
            try:
                if pid != self.init and os.readlink(f"/proc/{pid}/ns/pid") == self.ns:
                    found.append(pid)
            except OSError:
                continue
        return found

    def question_cpu(self) -> float:
        """CPU seconds used by the sandbox's processes but its main one (and init), with the
        children they reaped: the kernel's own utime and stime."""
        return sum(cpu_seconds(pid) for pid in self._all() if pid != self.main)

    def total_cpu(self) -> float:
        """CPU seconds used by every process of the sandbox so far (the reaped ones too)."""
        return sum(cpu_seconds(pid) for pid in self._all()) + self.reaped_cpu() - (
            cpu_seconds(self.main, own=False) if self.main else 0.0)

    def reaped_cpu(self) -> float:
        """CPU seconds of the processes that the sandbox's init and main process reaped."""
        return sum(cpu_seconds(pid, own=False) for pid in (self.init, self.main) if pid)

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

    def lower_priority(self) -> None:
        """The lowest CPU priority (nice 19) for every process of the sandbox from now on, and
        so for all they start: set from here, and no learner can raise it again."""
        for pid in self._all():
            try:
                os.setpriority(os.PRIO_PROCESS, pid, NICE)
            except OSError:
                pass

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
        if self.views:
            self.views.remove()


def _unsafe_limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_FSIZE, (FOLDER_BYTES, FOLDER_BYTES))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

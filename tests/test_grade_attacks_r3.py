"""The third blind round against the class grader (issue 24, `/work/blind2/out-grader3`): each
attack that got through, as a test, closed as a class.

- R1: a channel through the kernel's machine-wide socket-cookie counter (SO_COOKIE, sock_diag),
  even with `--jobs 1`. R2: a channel through the page cache of a shared read-only file
  (mincore, cachestat; timing is what remains, said in the README).
- R3: nbgrader's points faked by a cell that rebinds `ex` (the gradebook now holds the kit's).
- R4/R5: the kit's reference reached through a container filled after the def, or a binding
  form the source analysis does not follow (the learner's sandbox now watches the answer's calls).
- R6: a user and mount namespace made inside the sandbox, then a tmpfs of its own.
- R7: ids that the outputs' escaping writes alike (`+1` and `'+1`).
- R8: memory held in memfds (or SysV shared memory), outside every process's address space.
- And the round's misleading messages: a surrogate shown as a byte, a start-up failure shown as
  every question's, `.hypothesis/` in the teacher's folder, `.IPYNB` skipped, two assignments.
"""

import os
import subprocess
import sys

import pytest


def _isolated() -> None:
    from kit.grading import isolation

    if isolation.unavailable():
        pytest.skip(isolation.unavailable())


def _in_sandbox(code: str) -> str:
    """Run `code` in a sandbox as the grader makes one; its stdout."""
    _isolated()
    from kit.grading import isolation

    views, fd = isolation.Views(), isolation.seccomp_fd()
    try:
        done = subprocess.run(isolation.bwrap_argv([sys.executable, "-I", "-c", code],
                                                   uid=isolation.UIDS[0], views=views,
                                                   seccomp_fd=fd),
                              capture_output=True, text=True, timeout=60,
                              preexec_fn=views.mount, pass_fds=(fd,))
    finally:
        views.remove()
        os.close(fd)
    assert done.returncode == 0, done.stderr
    return done.stdout


_PROBE = """
import ctypes, errno, mmap, os, socket
libc = ctypes.CDLL(None, use_errno=True)
def call(*args):
    r = libc.syscall(*args)
    return 'ok' if r >= 0 else errno.errorcode[ctypes.get_errno()]
def attempt(f):
    try:
        f()
        return 'ok'
    except OSError as e:
        return errno.errorcode[e.errno]
out = {}
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
out['so_cookie'] = attempt(lambda: s.getsockopt(socket.SOL_SOCKET, 57, 8))
out['so_netns_cookie'] = attempt(lambda: s.getsockopt(socket.SOL_SOCKET, 71, 8))
out['so_type'] = attempt(lambda: s.getsockopt(socket.SOL_SOCKET, socket.SO_TYPE))
out['netlink'] = attempt(lambda: socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 4))
out['netlink_route'] = attempt(lambda: socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0).close())
out['packet'] = attempt(lambda: socket.socket(17, socket.SOCK_RAW, 0))
out['inet'] = attempt(lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM).close())
out['unix_pair'] = attempt(lambda: socket.socketpair())
out['io_uring'] = call(425, 8, ctypes.create_string_buffer(120))
f = open('/usr/bin/env', 'rb')
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                      ctypes.c_long]
page = libc.mmap(None, 4096, mmap.PROT_READ, mmap.MAP_PRIVATE, f.fileno(), 0)
out['mincore'] = call(27, ctypes.c_void_p(page), 4096, ctypes.create_string_buffer(1))
out['cachestat'] = call(451, f.fileno(), ctypes.create_string_buffer(16),
                        ctypes.create_string_buffer(64), 0)
out['fadvise'] = attempt(lambda: os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED))
out['readahead'] = call(187, f.fileno(), 0, 4096)
out['preadv2_nowait'] = attempt(lambda: os.preadv(f.fileno(), [bytearray(16)], 0, os.RWF_NOWAIT))
out['preadv2_plain'] = attempt(lambda: os.preadv(f.fileno(), [bytearray(16)], 0, 0))
out['unshare_user'] = call(272, 0x10000000)
out['unshare_ns'] = call(272, 0x00020000)
out['mount'] = call(165, b'none', b'/tmp', b'tmpfs', 0, b'size=4g')
out['memfd'] = attempt(lambda: os.memfd_create('x'))
out['shmget'] = call(29, 0, 1 << 20, 0o1600)
r = libc.syscall(56, 0x10000000 | 17, 0, 0, 0, 0)  # clone(CLONE_NEWUSER | SIGCHLD)
if r == 0:
    os._exit(0)
out['clone_newuser'] = 'ok' if r > 0 else errno.errorcode[ctypes.get_errno()]
r = libc.syscall(435, ctypes.create_string_buffer(88), 88)  # clone3: a fork where allowed
if r == 0:
    os._exit(0)
out['clone3'] = 'ok' if r > 0 else errno.errorcode[ctypes.get_errno()]
import subprocess, threading
out['subprocess'] = 'ok' if subprocess.run(['true']).returncode == 0 else 'bad'
t = threading.Thread(target=lambda: None)
t.start()
t.join()
out['thread'] = 'ok'
print(repr(out))
"""

ALLOWED = ("so_type", "netlink_route", "inet", "unix_pair", "preadv2_plain", "subprocess", "thread")
DENIED = ("so_cookie", "so_netns_cookie", "netlink", "packet", "io_uring", "mincore",
          "cachestat", "fadvise", "readahead", "preadv2_nowait", "unshare_user", "unshare_ns",
          "mount", "memfd", "clone_newuser")


def test_machine_wide_state_cannot_be_read_or_made_in_the_sandbox():
    """R1, R2, R6, R8 as a class: what reads a machine-wide counter (socket and netns cookies,
    sock_diag over netlink, io_uring's getsockopt), what reads the page cache without timing
    (mincore, cachestat, a non-blocking read) or changes it on request (fadvise, readahead), a
    namespace of its own (unshare, clone, mount) and memory outside every process's address
    space (memfd, SysV shared memory) all fail; what the learner's code needs still works."""
    import ast

    out = ast.literal_eval(_in_sandbox(_PROBE).strip().splitlines()[-1])
    assert {k: out[k] for k in ALLOWED} == dict.fromkeys(ALLOWED, "ok"), out
    assert out["clone3"] == "ENOSYS", out  # glibc then falls back to clone
    assert {k: out[k] for k in DENIED if out[k] == "ok"} == {}, out


_HOLDER = """
import ctypes, mmap
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
libc.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
held = 0
for _ in range(6):  # 6 x 64 MB of SysV shared memory, each written, then detached
    seg = libc.shmget(0, 64 << 20, 0o1600)
    at = libc.shmat(seg, None, 0)
    ctypes.memset(at, 1, 64 << 20)
    libc.shmdt(ctypes.c_void_p(at))
    held += 64
    print(held, flush=True)
"""


def test_a_sandbox_s_memory_is_bounded_as_a_whole(monkeypatch):
    """R8 as a class: memory no process maps (detached shared memory; memfds are denied) is
    charged to the sandbox's memory cgroup, so a sandbox holds no more than SANDBOX_MEMORY (here
    lowered to 128 MB): the holder is killed before it holds 384 MB."""
    _isolated()
    from kit.grading import isolation

    probe = isolation.memory_cgroup()
    if probe is None:
        pytest.skip("no memory cgroup can be made here (the README says what bounds memory)")
    probe.rmdir()
    monkeypatch.setattr(isolation, "SANDBOX_MEMORY", 128 << 20)
    views, fd = isolation.Views(), isolation.seccomp_fd()
    try:
        done = subprocess.run(isolation.bwrap_argv([sys.executable, "-I", "-c", _HOLDER],
                                                   uid=isolation.UIDS[0], views=views,
                                                   seccomp_fd=fd),
                              capture_output=True, text=True, timeout=60,
                              preexec_fn=views.mount, pass_fds=(fd,))
    finally:
        views.remove()
        os.close(fd)
    held = [int(n) for n in done.stdout.split()]
    assert done.returncode != 0 and max(held, default=0) < 128, (done.returncode, held)
    assert not views.cgroup.exists()


# -- R3: nbgrader's points cannot be faked by a cell that rebinds `ex` ---------------------------

FAKE_EX = ("class _Q:\n    def check(self, fn):\n        return True\n\n"
           "class _Ex:\n    q1 = q2 = q3 = q4 = _Q()\n\nex = _Ex()\n\n"
           "def edf_order(jobs):\n    return list(jobs)\n")


def test_nbgrader_s_gradebook_holds_the_kit_s_points(tmp_path):
    """R3: a solution cell that rebinds `ex` to an object whose check never raises got full
    marks from nbgrader's autograde (nbgrader scores a cell by whether it raised, in the
    student's own kernel). After `kit nbgrader autograde` the gradebook holds the kit's points:
    the faker's wrong answers get 0 in nbgrader's export too, a solved notebook 4."""
    import csv
    import shutil

    import nbformat

    from kit.build import ROOT
    from tests.test_nbgrader import NBGRADER, NOTEBOOK, readme_course_commands

    _isolated()
    if not (NBGRADER / "nbgrader").is_dir():
        pytest.skip(f"nbgrader is not installed in {NBGRADER}: run `make venv`")
    (tmp_path / "solutions").symlink_to(ROOT / "solutions")
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    before, after = readme_course_commands()
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path)}
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", before], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    course = tmp_path / "course"
    released = course / "release" / "edf" / NOTEBOOK
    for student in ("solved", "mallory"):
        (course / "submitted" / student / "edf").mkdir(parents=True)
    shutil.copy(ROOT / "solutions" / NOTEBOOK, course / "submitted" / "solved" / "edf")
    nb = nbformat.read(released, as_version=4)
    first = next(c for c in nb.cells if c.cell_type == "code"
                 and c.source.startswith("def edf_order"))
    first.source = FAKE_EX
    nbformat.write(nb, course / "submitted" / "mallory" / "edf" / NOTEBOOK)
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", "cd course\n" + after],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    with open(course / "grades.csv") as f:
        theirs = {row["student_id"]: float(row["score"]) for row in csv.DictReader(f)}
    assert theirs == {"solved": 4.0, "mallory": 0.0}, theirs


# -- R7: ids that only the outputs' escaping makes equal ------------------------------------------

@pytest.mark.parametrize("pair", [("+1", "'+1"), ("Student", "'Student"),
                                  ("=A1", "'=A1"), ("points possible", "'points possible")])
def test_ids_equal_once_escaped_are_refused_naming_both(tmp_path, pair):
    """R7: `+1` is written `'+1` (a formula guard), as is a student whose id is `'+1`; Canvas
    writes `Student` as `'Student`. Two ids that any output would write alike are refused in
    one line naming both, as two submissions of one student are."""
    from tests.test_grade_attacks import grade, solved

    for name in pair:
        solved(tmp_path / "class" / f"{name}.ipynb")
    done = grade(["--out", tmp_path / "grades.csv", "--", tmp_path / "class"], cwd=tmp_path)
    assert done.returncode == 2, done.stderr[-2000:]
    line = done.stderr.strip().splitlines()[-1]
    assert "same id" in line and all(repr(name) in line for name in pair), line
    assert not (tmp_path / "grades.csv").exists()


def test_grading_writes_nothing_but_its_outputs_in_the_working_folder(tmp_path):
    """`.hypothesis/constants/` was written into the teacher's folder on every run."""
    from tests.test_grade_attacks import grade, solved

    solved(tmp_path / "class" / "alice.ipynb")
    done = grade(["--out", tmp_path / "grades.csv", "--", tmp_path / "class"], cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class", "grades.csv"]


def test_a_notebook_with_an_upper_case_suffix_is_a_row(tmp_path):
    """`alice.IPYNB` in a folder was skipped without a word: it is graded as `alice`."""
    from tests.test_grade_attacks import grade, rows_of, solved

    solved(tmp_path / "class" / "alice.IPYNB")
    solved(tmp_path / "class" / "bob.Ipynb")
    out = tmp_path / "grades.csv"
    done = grade(["--out", out, "--", tmp_path / "class"], cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert {s: r["score"] for s, r in rows_of(out).items()} == {"alice": "4", "bob": "4"}


def test_a_start_up_failure_is_named_as_one_on_every_question(tmp_path):
    """6,000 cells that each raise: their error messages were too large to send, and every
    question said "the answer was too large", though none was asked. Each question now says it
    was not asked because the start-up failed, and why."""
    from tests.test_grade_attacks import grade, notebook

    raising = ["raise ValueError('x' * 190)"] * 6000
    notebook(tmp_path / "class" / "noisy.ipynb", extra=raising)
    out, reports = tmp_path / "grades.csv", tmp_path / "reports"
    done = grade(["--out", out, "--report", reports, "--", tmp_path / "class"], cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    import json

    row = json.loads((reports / "noisy.json").read_text())
    texts = [o["text"] for o in row["outcomes"].values()]
    assert len(texts) == 4 and all(
        "not asked: the notebook's start-up failed (the cells' output or error messages were "
        "too large to grade)" in t for t in texts), texts


def test_a_surrogate_in_a_cell_is_shown_as_a_surrogate_and_a_name_s_byte_as_a_byte():
    """A def line holding U+DCFF was shown as `\\xff`, the README's notation for a byte of a
    folder's name that is not UTF-8."""
    from kit.grading.intake import first_line
    from kit.grading.shown import shown

    assert shown("def f():  # \udcff") == "def f():  # \\udcff"
    assert first_line("def f():  # \udcff\n    pass") == "def f():  # \\udcff"
    assert shown("dave\udcff", name=True) == "dave\\xff"


# -- R4/R5: the kit's reference called through a helper the source does not show ---------------

_H = "from kit import edf\n"
_Q1 = "\n\ndef edf_order(jobs):\n    return {}(jobs)\n"
REACHED = {  # each answers q1 (some q2-q4) with the kit's own function, reached at run time
    "global_in_setup": _H + "def _setup():\n    global _impl\n    _impl = edf.edf_order\n\n"
                       "_setup()" + _Q1.format("_impl"),
    "with_target": _H + "import contextlib\nwith contextlib.nullcontext(edf.edf_order) as _g:\n"
                   "    pass" + _Q1.format("_g"),
    "walrus": _H + "print((_h := edf.edf_order) is None)" + _Q1.format("_h"),
    "match_capture": _H + "match edf.edf_order:\n    case _m:\n        pass" + _Q1.format("_m"),
    "unpack": _H + "_a, _b = edf.edf_order, 1" + _Q1.format("_a"),
    "setdefault": _H + "_D = {}\n_D.setdefault('k', edf.edf_order)" + _Q1.format("_D['k']"),
    "closure_factory": _H + "def _mk():\n    g = edf.edf_order\n    def inner(jobs):\n"
                       "        return g(jobs)\n    return inner\n\n_inner = _mk()"
                       + _Q1.format("_inner"),
    "except_target": _H + "class _E(Exception):\n    pass\n\ntry:\n    raise _E(edf.edf_order)\n"
                     "except _E as _err:\n    _keep = _err" + _Q1.format("_keep.args[0]"),
    "list_store": _H + "_L = [None]\n_L[0] = edf.edf_order" + _Q1.format("_L[0]"),
    "list_append_default": _H + "_impl = []\n\ndef edf_order(jobs, impl=_impl):\n"
                           "    return impl[0](jobs)\n\n_impl.append(edf.edf_order)",
    "class_attribute": _H + "class _K:\n    f = None\n\ndef edf_order(jobs):\n"
                       "    return _K.f(jobs)\n\n_K.f = staticmethod(edf.edf_order)",
    "dict_update": _H + "_box = {}\n\ndef edf_order(jobs):\n    return _box['o'](jobs)\n\n"
                   "_box.update(o=edf.edf_order)",
    "code_rebuilt": _H + "import types\n_f = types.FunctionType(edf.edf_order.__code__, "
                    "edf.__dict__)" + _Q1.format("_f"),
    "probe_turned_off": _H + "import sys\n_L = [edf.edf_order]\n\ndef edf_order(jobs):\n"
                        "    sys.setprofile(None)\n    return _L[0](jobs)",
}


@pytest.fixture(scope="module")
def reached_class(tmp_path_factory):
    from tests.test_grade_attacks import grade, notebook, rows_of, solved

    folder = tmp_path_factory.mktemp("reached")
    for name, source in REACHED.items():
        notebook(folder / "class" / f"{name}.ipynb", {"edf_order": source})
    solved(folder / "class" / "honest.ipynb")
    out = folder / "grades.csv"
    done = grade(["--jobs", "2", "--out", out, "--", folder / "class"], cwd=folder)
    assert done.returncode == 0, done.stderr[-3000:]
    return rows_of(out)


@pytest.mark.parametrize("name", sorted(REACHED))
def test_an_answer_that_calls_the_kit_s_function_is_flagged(reached_class, name):
    """R4/R5: the kit's own edf_order reached through a container filled after the def, or a
    binding form the source analysis does not follow, got q1 with no flag. The learner's
    sandbox now watches the answer's calls (a profile hook around each call): a call of one of
    the kit's own functions from code that is not the kit's is reported, and so is an answer
    that turns the watch off."""
    row = reached_class[name]
    assert row["q1"] == "1", row
    assert "q1:" in row["flags"] and ("edf_order" in row["flags"] or "watch" in row["flags"]), row


def test_an_honest_answer_is_not_flagged_by_the_call_watch(reached_class):
    assert reached_class["honest"]["score"] == "4" and reached_class["honest"]["flags"] == ""


def test_a_course_with_two_assignments_says_how_and_grades_the_one_given(tmp_path):
    """Two assignments in source/: refused in one line naming both and the option; with
    --exercises, the student's notebook is the one in that assignment's folder (not a 0 for a
    folder holding the same notebook name in other assignments' folders too)."""
    import shutil

    from kit.build import ROOT
    from tests.test_grade_attacks import SOLVED, grade, rows_of

    course = tmp_path / "course"
    for folder, notebook in (("edf", "02_edf_lateness.ipynb"), ("pol", "01_policies.ipynb")):
        (course / "source" / folder).mkdir(parents=True)
        shutil.copy(ROOT / "solutions" / notebook, course / "source" / folder)
    for folder in ("edf", "aaa", "zzz"):
        (course / "submitted" / "alice" / folder).mkdir(parents=True)
        shutil.copy(SOLVED if folder == "edf" else ROOT / "notebooks" / SOLVED.name,
                    course / "submitted" / "alice" / folder)
    out = tmp_path / "grades.csv"
    done = grade(["--out", out, "--", course / "submitted"], cwd=tmp_path, topic=False)
    line = done.stderr.strip().splitlines()[-1]
    assert done.returncode == 2 and "2 assignments" in line and "--exercises" in line, line
    assert "edf/02_edf_lateness.ipynb: edf_lateness" in line, line
    done = grade(["--exercises", "edf_lateness", "--out", out, "--", course / "submitted"],
                 cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert rows_of(out)["alice"]["score"] == "4", rows_of(out)

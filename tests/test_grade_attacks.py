"""A hostile class against `python -m kit grade` (issue 17).

Each attacker is a filled-in learner notebook of 02_edf_lateness. Most carry a *canary*: the
answer to q1 (or q2) is the reference's own answer when the attack worked and a wrong one when it
did not, so the attacker's score says whether the attack succeeded. Every test looks at what is
left *after* the grader has exited: the victims' and the attackers' rows in the CSV, the reports
and the files on disk (markers an attack would leave, the submissions, the CSV itself).

Persistence attacks run against a throwaway copy of the kit and a throwaway venv, never against
this checkout or the machine's Python.
"""

import csv
import json
import os
import shutil
import socket
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbformat.v4 import new_code_cell

from kit.build import ROOT
from kit.grading import wire
from kit.grading.outputs import report_name

LEARNER = ROOT / "notebooks" / "02_edf_lateness.ipynb"
SOLVED = ROOT / "solutions" / "02_edf_lateness.ipynb"
WRONG_Q1 = "def edf_order(jobs):\n    return list(jobs)"


def canary(condition: str, setup: str = "", question: str = "edf_order") -> str:
    """An answer that is right only when `condition` (a function body returning a bool, run at
    each call) holds: the attacker's score then says whether the attack worked."""
    body = textwrap.indent(textwrap.dedent(condition).strip("\n"), " " * 8)
    return (f"import kit.exercises.edf_lateness as _ref\n{textwrap.dedent(setup)}\n"
            f"def {question}(*args):\n    def _worked():\n{body}\n"
            f"    try:\n        ok = _worked()\n    except Exception:\n        ok = False\n"
            f"    return getattr(_ref, {question!r})(*args) if ok else "
            f"list(args[0])[::-1] + [None]\n")


def notebook(path: Path, answers: dict[str, str] | None = None, extra: list[str] = (),
             metadata_topic: str | None = None) -> Path:
    """The learner notebook with some stubs replaced and extra cells appended, written at `path`."""
    nb = nbformat.read(LEARNER, as_version=4)
    for cell in nb.cells:
        for name, source in (answers or {}).items():
            if cell.cell_type == "code" and cell.source.lstrip().startswith(f"def {name}("):
                cell.source = source
    nb.cells.extend(new_code_cell(source) for source in extra)
    if metadata_topic:
        nb.metadata["kit"] = {"exercises": metadata_topic}
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def solved(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(SOLVED.read_bytes())
    return path


def grade(args: list, cwd: Path, python: str = sys.executable, timeout: float = 600,
          env: dict | None = None, topic: bool = True) -> subprocess.CompletedProcess:
    """`python -m kit grade ARGS`, with the teacher's `--exercises edf_lateness` first unless
    ARGS name one or `topic` is False (the course's own notebook then decides)."""
    given = ["--exercises", "edf_lateness"] if topic and "--exercises" not in args else []
    return subprocess.run([python, "-m", "kit", "grade", *given, *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env)


def rows_of(out: Path) -> dict[str, dict]:
    with out.open(newline="") as f:
        return {r["student"]: r for r in csv.DictReader(f)}


def learner_processes(root: Path = ROOT) -> list[int]:
    """Learner processes of graders run from `root` (other checkouts on the machine may be
    grading at the same time)."""
    found = []
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                line = (p / "cmdline").read_bytes()
            except OSError:
                continue
            if b"kit.grading.learner" in line and str(root).encode() in line:
                found.append(int(p.name))
    return found


def left_behind(before=(), settle: float = 10.0) -> list[int]:
    """Learner processes of this checkout that were not there `before` and are still alive
    `settle` seconds after the grader exited (a killed sandbox's processes take a moment to be
    reaped on a loaded machine; one that lives on is a leak)."""
    deadline = time.monotonic() + settle
    while True:
        new = [pid for pid in learner_processes() if pid not in before]
        if not new or time.monotonic() > deadline:
            return new
        time.sleep(0.2)


# -- one class, many attackers, graded in one run ----------------------------------------------

def _class_attacks(folder: Path, out: Path, report: Path, port: int) -> dict[str, dict]:
    """student -> {"answers", "extra", "q1" (the q1 the attacker must get), "marker"}."""
    m = folder / "markers"
    grader_words = "[b'kit', b'grade']"
    return {
        # the classmates' files: read them, copy the answer, overwrite them with the blank handout
        "reads_classmates": {"answers": {"edf_order": canary(f"""
            import glob, pathlib
            seen = set(glob.glob({str(folder)!r} + '/**/*.ipynb', recursive=True))
            for p in pathlib.Path('/proc').glob('[0-9]*/cmdline'):
                try:
                    words = p.read_bytes().split(b'\\0')
                    seen |= {{a.decode() for a in words if a.endswith(b'.ipynb')}}
                except OSError:
                    pass
            readable = [s for s in seen if 'victim' in s and open(s).read()]
            if readable:
                open({str(m / 'reads_classmates')!r}, 'w').write(repr(readable))
            return bool(readable)""")}, "q1": 0, "marker": "reads_classmates"},
        "overwrites_classmates": {"extra": [textwrap.dedent(f"""
            import glob, pathlib
            handout = pathlib.Path({str(LEARNER)!r})
            blank = handout.read_text() if handout.exists() else '{{}}'
            for p in glob.glob({str(folder)!r} + '/**/victim*.ipynb', recursive=True):
                try:
                    open(p, 'w').write(blank)
                    open({str(m / 'overwrites_classmates')!r}, 'a').write(p + '\\n')
                except OSError:
                    pass""")], "q1": 0, "marker": "overwrites_classmates"},
        # the grader's own process: its memory, its argv
        "grader_memory": {"answers": {"edf_order": canary(f"""
            import pathlib
            for p in pathlib.Path('/proc').glob('[0-9]*'):
                try:
                    words = (p / 'cmdline').read_bytes().split(b'\\0')
                except OSError:
                    continue
                if all(w in words for w in {grader_words}) or b'multiproc' in b' '.join(words):
                    try:
                        open(p / 'mem', 'rb').close()
                        open({str(m / 'grader_memory')!r}, 'w').write(str(p))
                        return True
                    except OSError:
                        pass
            return False""")}, "q1": 0, "marker": "grader_memory"},
        # a classmate's reply pipe, through /proc/PID/fd/N, from a process that lives on
        "classmate_pipes": {"extra": [textwrap.dedent(f"""
            import os, time, pathlib
            ROOT = {str(ROOT).encode()!r}
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    end = time.time() + 25
                    while time.time() < end:
                        for fd in pathlib.Path('/proc').glob('[0-9]*/fd/*'):
                            try:
                                line = (fd.parent.parent / 'cmdline').read_bytes()
                                ours = b'kit.grading.learner' in line and ROOT in line
                                if not (ours or {str(folder).encode()!r} in line):
                                    continue  # never another program's pipes
                                if 'pipe:' in os.readlink(fd) and str(os.getpid()) not in str(fd):
                                    w = os.open(fd, os.O_WRONLY | os.O_NONBLOCK)
                                    os.write(w, b'{{"kind": "ok", "value": "[]"}}\\n' * 50)
                                    os.close(w)
                                    open({str(m / 'classmate_pipes')!r}, 'a').write(str(fd) + '\\n')
                            except OSError:
                                pass
                        time.sleep(0.05)
                os._exit(0)
            """)], "q1": 0, "marker": "classmate_pipes"},
        # outlive the grader: leave the process group, clear the parent-death signal, setsid twice
        "outlives_grader": {"extra": [textwrap.dedent(f"""
            import ctypes, os, time
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    os.setsid()
                    try:
                        ctypes.CDLL(None).prctl(1, 0, 0, 0, 0)  # PR_SET_PDEATHSIG 0
                    except Exception:
                        pass
                    for _ in range(600):
                        time.sleep(0.1)
                        try:
                            open({str(m / 'outlives_grader')!r}, 'w').write(str(time.time()))
                            text = open({str(out)!r}).read()
                        except OSError:
                            continue
                        open({str(out)!r}, 'w').write(text.replace('victim1,4', 'victim1,0') +
                                                      'outlives_grader,99,99,99,99,396,4\\n')
                        os.makedirs({str(report)!r}, exist_ok=True)
                        open({str(report / 'victim1.json')!r}, 'w').write('{{}}')
                        break
                os._exit(0)
            """)], "q1": 0, "marker": "outlives_grader"},
        # the grading pool: kill every worker it can see
        "kills_workers": {"extra": [textwrap.dedent(f"""
            import os, pathlib, signal
            FOLDER = {str(folder).encode()!r}
            for p in pathlib.Path('/proc').glob('[0-9]*/cmdline'):
                try:
                    line = p.read_bytes()
                except OSError:
                    continue
                pid = int(p.parent.name)
                if FOLDER in line and pid != os.getpid():
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
            """)], "q1": 0},
        # and every learner of this checkout it can see (never the machine's other processes,
        # should the isolation ever break)
        "kills_classmates": {"extra": [textwrap.dedent(f"""
            import os, pathlib
            for p in pathlib.Path('/proc').glob('[0-9]*/cmdline'):
                try:
                    line = p.read_bytes()
                except OSError:
                    continue
                if b'kit.grading.learner' in line and {str(ROOT).encode()!r} in line \\
                        and int(p.parent.name) != os.getpid():
                    try:
                        os.kill(int(p.parent.name), 9)
                    except OSError:
                        pass
            """)], "q1": 0},
        # a reply the grader's JSON parser cannot handle, written straight into the reply pipe
        "deep_reply": {"answers": {"edf_order": textwrap.dedent("""
            import os, stat

            def edf_order(jobs):
                for fd in range(3, 64):
                    try:
                        if stat.S_ISFIFO(os.fstat(fd).st_mode):
                            os.write(fd, b'[' * 200000 + b'\\n')
                    except OSError:
                        pass
                return list(jobs)""")}, "q1": 0},
        "deep_value": {"answers": {"edf_order": textwrap.dedent("""
            import os, stat, json

            def edf_order(jobs):
                for fd in range(3, 64):
                    try:
                        if stat.S_ISFIFO(os.fstat(fd).st_mode):
                            os.write(fd, json.dumps({"kind": "ok", "value": "[" * 100000}).encode()
                                     + b'\\n')
                    except OSError:
                        pass
                return list(jobs)""")}, "q1": 0},
        "huge_int_reply": {"answers": {"edf_order": textwrap.dedent("""
            import os, stat, json

            def edf_order(jobs):
                for fd in range(3, 64):
                    try:
                        if stat.S_ISFIFO(os.fstat(fd).st_mode):
                            os.write(fd, b'{"kind": "ok", "value": "' + b'9' * 100000 + b'"}\\n')
                    except OSError:
                        pass
                return list(jobs)""")}, "q1": 0},
        "foreign_record": {"answers": {"edf_order": textwrap.dedent("""
            import os, stat, json

            def edf_order(jobs):
                forged = json.dumps({"@dc": "kit.checks.engine:Observation",
                                     "v": [["kind", "ok"], ["value", []], ["error", ""]]})
                for fd in range(3, 64):
                    try:
                        if stat.S_ISFIFO(os.fstat(fd).st_mode):
                            os.write(fd, json.dumps({"kind": "ok", "value": forged}).encode()
                                     + b'\\n')
                    except OSError:
                        pass
                return list(jobs)""")}, "q1": 0},
        "reply_flood": {"answers": {"edf_order": textwrap.dedent("""
            import os, stat

            def edf_order(jobs):
                for fd in range(3, 64):
                    try:
                        if stat.S_ISFIFO(os.fstat(fd).st_mode):
                            for _ in range(100):
                                os.write(fd, b'x' * (1 << 20))
                    except OSError:
                        pass
                return list(jobs)""")}, "q1": 0},
        # no network, not even to the grading machine itself
        "network": {"answers": {"edf_order": canary(f"""
            import socket
            s = socket.create_connection(('127.0.0.1', {port}), timeout=1)
            s.sendall(b'network')
            s.close()
            return True""")}, "q1": 0},
        # not root, no capabilities
        "is_root": {"answers": {"edf_order": canary("""
            import os
            caps = [l for l in open('/proc/self/status') if l.startswith('CapEff')][0]
            return os.geteuid() == 0 or int(caps.split()[1], 16) != 0""")}, "q1": 0},
        # secrets of the machine: the host's processes, the kit checkout's solutions
        "reads_secrets": {"answers": {"edf_order": canary(f"""
            import os
            found = []
            for p in ({str(ROOT / 'solutions' / '02_edf_lateness.ipynb')!r}, '/etc/shadow',
                      '/root/.bash_history', {str(folder)!r}):
                found += [p] if os.path.exists(p) else []
            return bool(found)""")}, "q1": 0},
        "ptrace_grader": {"answers": {"edf_order": canary(f"""
            import ctypes, pathlib
            libc = ctypes.CDLL(None, use_errno=True)
            for p in pathlib.Path('/proc').glob('[0-9]*/cmdline'):
                try:
                    if {str(folder).encode()!r} not in p.read_bytes():
                        continue
                except OSError:
                    continue
                pid = int(p.parent.name)
                if libc.ptrace(16, pid, 0, 0) == 0:  # PTRACE_ATTACH to the grader
                    libc.ptrace(17, pid, 0, 0)  # PTRACE_DETACH
                    return True
            return False""")}, "q1": 0},
        # shared memory and abstract sockets between two learners graded at the same time
        "ipc_sender": {"extra": [textwrap.dedent("""
            import os, socket, threading
            try:
                open('/dev/shm/kit-secret', 'w').write('hello')
            except OSError:
                pass
            try:
                _s = socket.socket(socket.AF_UNIX)
                _s.bind('\\0kit-secret')
                _s.listen()
            except OSError:
                pass
            """)], "q1": 0},
        "ipc_receiver": {"answers": {"edf_order": canary("""
            import os, socket
            if os.path.exists('/dev/shm/kit-secret'):
                return True
            s = socket.socket(socket.AF_UNIX)
            s.connect('\\0kit-secret')
            return True""")}, "q1": 0},
        # fill the disk
        "fills_disk": {"answers": {"edf_order": canary("""
            import os
            written = 0
            with open(os.path.join(os.path.expanduser('~'), 'fill'), 'wb') as f:
                try:
                    for _ in range(300):
                        f.write(b'\\0' * (1 << 20))
                        written += 1 << 20
                except OSError:
                    pass
            os.remove(f.name)
            return written >= 200 << 20""")}, "q1": 0},
        # state that outlives its question: a thread and a process started in q1, seen in q2
        "thread_outlives_question": {"answers": {
            "edf_order": textwrap.dedent("""
                import threading, time
                def edf_order(jobs):
                    if not any(t.name == 'kit-lives-on' for t in threading.enumerate()):
                        threading.Thread(target=time.sleep, args=(600,), name='kit-lives-on',
                                         daemon=True).start()
                    return list(jobs)"""),
            "max_lateness": canary("""
                import threading
                return any(t.name == 'kit-lives-on' for t in threading.enumerate())""",
                                   question="max_lateness")}, "q1": 0, "q2": 0},
        "process_outlives_question": {"answers": {
            "edf_order": textwrap.dedent("""
                import os, time
                def edf_order(jobs):
                    if not os.path.exists('/tmp/kit-child') and \\
                            not os.path.exists(os.path.expanduser('~/kit-child')):
                        pid = os.fork()
                        if pid == 0:
                            os.setsid()
                            time.sleep(600)
                            os._exit(0)
                        for p in ('/tmp/kit-child', os.path.expanduser('~/kit-child')):
                            try:
                                open(p, 'w').write(str(pid))
                            except OSError:
                                pass
                    return list(jobs)"""),
            "max_lateness": canary("""
                import os
                for p in ('/tmp/kit-child', os.path.expanduser('~/kit-child')):
                    try:
                        pid = int(open(p).read())
                    except (OSError, ValueError):
                        continue
                    try:
                        os.kill(pid, 0)
                        state = open(f'/proc/{pid}/stat').read().rsplit(')', 1)[1].split()[0]
                        return state != 'Z'
                    except OSError:
                        pass
                return False""", question="max_lateness")}, "q1": 0, "q2": 0},
        # a fork bomb while a classmate is graded next to it
        "fork_bomb_neighbour": {"extra": [textwrap.dedent("""
            import os, time
            end = time.time() + 3
            kids = 0
            while time.time() < end and kids < 300:
                try:
                    if os.fork() == 0:
                        time.sleep(20)
                        os._exit(0)
                    kids += 1
                except OSError:
                    time.sleep(0.01)
            """)], "q1": 0},
    }


VICTIMS = ("victim1", "victim2", "victim3")


@pytest.fixture(scope="module")
def hostile_class(tmp_path_factory):
    before = set(learner_processes())
    folder = tmp_path_factory.mktemp("hostile")
    out, report = folder / "out" / "grades.csv", folder / "out" / "reports"
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.2)
    heard: list[bytes] = []
    stop = threading.Event()

    def listen():
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            heard.append(conn.recv(100) or b"connected")
            conn.close()

    threading.Thread(target=listen, daemon=True).start()
    (folder / "markers").mkdir()
    attacks = _class_attacks(folder, out, report, listener.getsockname()[1])
    paths = []
    for i, (student, attack) in enumerate(attacks.items()):
        paths.append(notebook(folder / "class" / f"{student}.ipynb", attack.get("answers"),
                              attack.get("extra", [])))
        if i % 8 == 0:  # victims graded among the attackers
            paths.append(solved(folder / "class" / f"{VICTIMS[i // 8]}.ipynb"))
    victims = {v: (folder / "class" / f"{v}.ipynb").read_bytes() for v in VICTIMS}
    t0 = time.monotonic()
    run = grade([*paths, "--out", out, "--report", report, "--timeout", "20", "--jobs", "2",
                 "--exercises", "edf_lateness"], cwd=folder)
    seconds = time.monotonic() - t0
    exited = time.time()
    time.sleep(4)  # let anything that outlived the grader do its worst
    stop.set()
    listener.close()
    yield {"run": run, "rows": rows_of(out) if out.exists() else {}, "report": report,
           "out": out, "folder": folder, "attacks": attacks, "victims": victims,
           "heard": heard, "seconds": seconds, "exited": exited, "before": before}


def test_the_class_is_graded(hostile_class):
    run = hostile_class["run"]
    assert run.returncode == 0, run.stderr[-3000:]
    assert set(hostile_class["rows"]) == {*hostile_class["attacks"], *VICTIMS}


@pytest.mark.parametrize("victim", VICTIMS)
def test_victims_keep_full_marks_and_their_files(hostile_class, victim):
    row = hostile_class["rows"][victim]
    assert (row["score"], row["max_score"]) == ("4", "4"), row
    details = json.loads((hostile_class["report"] / f"{victim}.json").read_text())
    assert sum(details["scores"].values()) == 4
    path = hostile_class["folder"] / "class" / f"{victim}.ipynb"
    assert path.read_bytes() == hostile_class["victims"][victim]


@pytest.mark.parametrize("student", sorted(set(_class_attacks(Path("/x"), Path("/x"), Path("/x"),
                                                              0))))
def test_no_attack_works(hostile_class, student):
    attack = hostile_class["attacks"][student]
    row = hostile_class["rows"][student]
    assert int(row["q1"]) == attack["q1"], (student, row)
    assert int(row["q2"]) == attack.get("q2", 0), (student, row)
    assert row["q3"] == row["q4"] == "0"
    assert row["score"] == str(int(row["q1"]) + int(row["q2"]))
    if "marker" in attack:
        assert not (hostile_class["folder"] / "markers" / attack["marker"]).exists()
    details = json.loads((hostile_class["report"] / f"{student}.json").read_text())
    assert sum(details["scores"].values()) == int(row["score"])


def test_nothing_outlives_the_grader(hostile_class):
    assert left_behind(hostile_class["before"]) == []
    out = hostile_class["out"]
    text = out.read_text()
    assert "99" not in text and "victim1,4,4" not in text.replace(",0,", ",")
    assert rows_of(out)["victim1"]["score"] == "4"
    assert out.stat().st_mtime < hostile_class["exited"]


def test_no_network(hostile_class):
    assert hostile_class["heard"] == []


def test_bad_replies_are_crashes_with_a_reason(hostile_class):
    report = hostile_class["report"]
    for student in ("deep_reply", "deep_value", "huge_int_reply", "foreign_record", "reply_flood"):
        details = json.loads((report / f"{student}.json").read_text())
        assert details["outcomes"]["q1"]["status"] in ("crashed", "failed"), student
        assert "grading error" not in details["outcomes"]["q1"]["text"], student


def test_the_run_stays_within_its_time(hostile_class):
    # 4 questions x 20 s for each of 25 notebooks on 2 jobs would be 1000 s; the attacks here end
    # their questions early, so the run is far shorter. Generous: a loaded shared machine.
    assert hostile_class["seconds"] < 400


# -- runs of their own -------------------------------------------------------------------------

def test_blocking_sigalrm_does_not_stretch_the_timeout(tmp_path):
    before = set(learner_processes())
    hang = textwrap.dedent("""
        import signal
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})

        def edf_order(jobs):
            while True:
                pass""")
    top = textwrap.dedent("""
        import signal, time
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        while True:
            pass""")
    paths = [notebook(tmp_path / "blocks_alarm.ipynb", {"edf_order": hang}),
             notebook(tmp_path / "hangs_at_top.ipynb", extra=[top]),
             solved(tmp_path / "victim.ipynb")]
    t0 = time.monotonic()
    run = grade([*paths, "--out", tmp_path / "g.csv", "--timeout", "15", "--jobs", "2"],
                cwd=tmp_path)
    seconds = time.monotonic() - t0
    assert run.returncode == 0, run.stderr
    rows = rows_of(tmp_path / "g.csv")
    assert rows["blocks_alarm"]["score"] == rows["hangs_at_top"]["score"] == "0"
    assert rows["victim"]["score"] == "4"
    # hangs_at_top: the start-up allowance (30 s of CPU time, 90 s of wall time at most);
    # blocks_alarm: 15 s of CPU time for q1 (30 s of wall time at most) + start-up
    assert seconds < 90 + 30, seconds
    assert left_behind(before) == []


def test_students_are_told_apart_by_their_path(tmp_path):
    a = solved(tmp_path / "sectionA" / "hw.ipynb")
    b = notebook(tmp_path / "sectionB" / "hw.ipynb", {"edf_order": WRONG_Q1})
    out, report = tmp_path / "g.csv", tmp_path / "reports"
    run = grade([a, b, "--out", out, "--report", report], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    rows = rows_of(out)
    assert rows["sectionA/hw"]["score"] == "4" and rows["sectionB/hw"]["score"] == "0"
    for student in ("sectionA/hw", "sectionB/hw"):
        assert json.loads((report / f"{report_name(student)}.json").read_text())["student"] == \
            student


def test_the_nbgrader_layout_names_the_student(tmp_path):
    a = solved(tmp_path / "submitted" / "alice" / "ps1" / "02_edf_lateness.ipynb")
    b = notebook(tmp_path / "submitted" / "bob" / "ps1" / "02_edf_lateness.ipynb")
    out = tmp_path / "g.csv"
    run = grade([a, b, "--out", out], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert {k: r["score"] for k, r in rows_of(out).items()} == {"alice": "4", "bob": "0"}


def test_a_duplicate_student_is_an_error_naming_both_files(tmp_path):
    a = solved(tmp_path / "submitted" / "alice" / "ps1" / "hw.ipynb")
    b = solved(tmp_path / "x" / "submitted" / "alice" / "ps1" / "hw.ipynb")
    out = tmp_path / "g.csv"
    run = grade([a, a, "--out", out], cwd=tmp_path)
    assert run.returncode == 2 and str(a) in run.stderr and not out.exists()
    assert "twice" in run.stderr or "duplicate" in run.stderr
    run = grade([a, b, "--out", out], cwd=tmp_path)  # two courses' alice: which is which?
    assert run.returncode == 2 and "'alice'" in run.stderr and not out.exists()


def test_paths_that_look_like_options_need_a_double_dash(tmp_path):
    evil = notebook(tmp_path / "--exercises=zz.ipynb", {"edf_order": WRONG_Q1})
    good = solved(tmp_path / "good.ipynb")
    out = tmp_path / "g.csv"
    run = grade([good.name, evil.name, "--out", out], cwd=tmp_path)
    assert run.returncode == 2 and "--exercises=zz.ipynb" in run.stderr and not out.exists()
    run = grade(["--out", out, "--", good.name, evil.name], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    rows = rows_of(out)
    assert rows["good"]["score"] == "4" and rows["'--exercises=zz"]["score"] == "0"


def test_csv_formulas_are_neutralised(tmp_path):
    paths = [solved(tmp_path / f"{name}.ipynb") for name in
             ("=HYPERLINK(1)", "+1", "-1", "@SUM(A1)", "plain")]
    out = tmp_path / "g.csv"
    run = grade(["--out", out, "--", *paths], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    students = set(rows_of(out))
    assert students == {"'=HYPERLINK(1)", "'+1", "'-1", "'@SUM(A1)", "plain"}


def test_another_topic_gains_no_columns_and_no_points(tmp_path):
    other = notebook(tmp_path / "other_topic.ipynb", extra=[], answers={
        "edf_order": WRONG_Q1})
    nb = nbformat.read(other, as_version=4)
    nb.cells.insert(0, new_code_cell(
        "from kit.exercises import policies as ex0\nfrom kit.policies import *"))
    nb.metadata["kit"] = {"exercises": "policies"}
    nbformat.write(nb, other)
    class_ = [solved(tmp_path / f"s{i}.ipynb") for i in range(2)]
    out = tmp_path / "g.csv"
    run = grade([other, *class_, "--out", out], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    rows = rows_of(out)
    assert list(rows["other_topic"]) == ["student", "q1", "q2", "q3", "q4", "score", "max_score",
                                         "flags"]
    assert rows["other_topic"]["score"] == "0" and rows["s0"]["score"] == "4"


def test_a_big_notebook_is_refused_with_a_reason(tmp_path):
    big = tmp_path / "million_cells.ipynb"
    cell = '{"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], ' \
           '"source": "x = 1"}'
    big.write_text('{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [' +
                   ", ".join([cell] * 1_000_000) + "]}")
    victim = solved(tmp_path / "victim.ipynb")
    out, report = tmp_path / "g.csv", tmp_path / "reports"
    # the grader runs under a fresh parent, so the peak below is the grader's alone (the suite's
    # own earlier children, a JupyterLab server say, do not count)
    peak_of = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
               "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); "
               "sys.exit(r.returncode)")
    run = subprocess.run([sys.executable, "-c", peak_of, sys.executable, "-m", "kit", "grade",
                          str(big), str(victim), "--out", str(out), "--report", str(report),
                          "--exercises", "edf_lateness"],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    rows = rows_of(out)
    assert rows["million_cells"]["score"] == "0" and rows["victim"]["score"] == "4"
    notes = json.loads((report / "million_cells.json").read_text())["notes"]
    assert any("MB" in n for n in notes), notes
    peak = int(run.stderr.strip().splitlines()[-1])
    assert peak < 600_000, peak  # kB: the grader never parsed the 60 MB notebook


def test_odd_files_are_rows_not_hangs(tmp_path):
    victim = solved(tmp_path / "victim.ipynb")
    link = tmp_path / "copies_victim.ipynb"
    link.symlink_to(victim)
    fifo = tmp_path / "fifo.ipynb"
    os.mkfifo(fifo)
    deep = tmp_path / "deep.ipynb"
    deep.write_text('{"cells": ' + "[" * 100000 + "]" * 100000 + "}")
    out, report = tmp_path / "g.csv", tmp_path / "reports"
    run = grade([victim, link, fifo, deep, "--out", out, "--report", report,
                 "--exercises", "edf_lateness"], cwd=tmp_path, timeout=300)
    assert run.returncode == 0, run.stderr
    rows = rows_of(out)
    assert rows["victim"]["score"] == "4"
    assert rows["copies_victim"]["score"] == rows["fifo"]["score"] == rows["deep"]["score"] == "0"
    for name, reason in (("copies_victim", "symbolic link"), ("fifo", "regular file"),
                         ("deep", "not a readable notebook")):
        notes = json.loads((report / f"{name}.json").read_text())["notes"]
        assert any(reason in n for n in notes), (name, notes)


def test_a_directory_at_out_still_leaves_a_csv(tmp_path):
    paths = [solved(tmp_path / "a.ipynb")]
    out = tmp_path / "grades.csv"
    out.mkdir()
    run = grade([*paths, "--out", out], cwd=tmp_path)
    assert run.returncode == 1
    lines = [line for line in run.stdout.splitlines() + run.stderr.splitlines()
             if "instead" in line]
    assert len(lines) == 1, (run.stdout, run.stderr)
    written = Path(lines[0].rsplit(" ", 2)[-2] if lines[0].endswith("instead") else
                   lines[0].split("wrote ")[1].split()[0])
    assert rows_of(written)["a"]["score"] == "4"
    assert out.is_dir() and list(out.iterdir()) == []


def test_a_full_disk_still_leaves_a_csv(tmp_path):
    if os.geteuid() != 0 or not shutil.which("unshare"):
        pytest.skip("needs root to mount a tiny file system")
    paths = [solved(tmp_path / "a.ipynb")]
    full = tmp_path / "full"
    full.mkdir()
    script = (f"mount -t tmpfs -o size=4k none {full} && head -c 4096 /dev/zero > {full}/fill; "
              f"exec {sys.executable} -m kit grade --exercises edf_lateness {paths[0]} "
              f"--out {full}/grades.csv")
    run = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", script],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 1, (run.stdout, run.stderr)
    lines = [line for line in run.stdout.splitlines() + run.stderr.splitlines()
             if "instead" in line]
    assert len(lines) == 1, (run.stdout, run.stderr)
    assert "a,4," in run.stdout or any(Path(p).is_file() for p in lines[0].split() if "/" in p)


def _dies_once(flag: Path, job):
    """A grading function whose worker process dies on student b (the first time only)."""
    if job.student == "b" and not flag.exists():
        flag.write_text("x")
        os._exit(9)
    return {"student": job.student, "exercises": "edf_lateness", "scores": {"q1": 1},
            "max": {"q1": 1}, "outcomes": {}, "notes": []}


def _always_dies(job):
    if job.student == "b":
        os._exit(9)
    return _dies_once(Path("/nonexistent"), job)


def test_a_dead_worker_s_notebooks_are_retried(tmp_path):
    from functools import partial

    from kit.grading import grader

    jobs = [grader.PreparedSubmission(str(tmp_path / f"{s}.ipynb"), s) for s in "abcd"]
    rows = grader.grade_all(jobs, partial(_dies_once, tmp_path / "died-once"), workers=2)
    assert [r["student"] for r in rows] == list("abcd")
    assert all(r["scores"] == {"q1": 1} for r in rows), rows
    rows = grader.grade_all(jobs, _always_dies, workers=2)
    assert [r["scores"] for r in rows] == [{"q1": 1}, {}, {"q1": 1}, {"q1": 1}]
    assert "grading process died" in rows[1]["notes"][0]


def test_without_isolation_the_grader_refuses_in_one_line(tmp_path):
    path = solved(tmp_path / "a.ipynb")
    env = {**os.environ, "PATH": str(tmp_path)}  # no bwrap, no setpriv
    run = grade([path, "--out", tmp_path / "g.csv"], cwd=tmp_path, env=env)
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert "--unsafe" in run.stderr and not (tmp_path / "g.csv").exists()
    run = grade([path, "--out", tmp_path / "g.csv", "--unsafe"], cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stderr
    assert rows_of(tmp_path / "g.csv")["a"]["score"] == "4"


def test_wire_decodes_only_the_records_a_question_expects():
    from kit.edf import Job
    from kit.policies import Task

    text = wire.dumps([Job("a", 1, 2)])
    assert wire.loads(text, records={Job}) == [Job("a", 1, 2)]
    with pytest.raises(wire.WireError, match="Job"):
        wire.loads(text, records={Task})
    with pytest.raises(wire.WireError, match="nested"):
        wire.loads("[" * 100000 + "]" * 100000)
    with pytest.raises(wire.WireError, match="too large"):
        wire.loads('"' + "x" * (wire.MAX_BYTES + 10) + '"')
    with pytest.raises(wire.WireError):
        wire.loads("9" * 100000)


# -- persistence, against a throwaway kit and venv -----------------------------------------------

@pytest.fixture(scope="module")
def throwaway(tmp_path_factory):
    """A copy of the kit and a fresh venv that sees it (and this venv's packages, read-only)."""
    root = tmp_path_factory.mktemp("throwaway")
    shutil.copytree(ROOT / "kit", root / "src" / "kit",
                    ignore=shutil.ignore_patterns("__pycache__"))
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", "--without-pip", root / "venv"], check=True, timeout=120)
    site = next((root / "venv" / "lib").glob("python*/site-packages"))
    here = next(p for p in sys.path if p.endswith("site-packages") and Path(p).is_dir())
    (site / "_kit_throwaway.pth").write_text(f"{root / 'src'}\n{here}\n")
    python = str(root / "venv" / "bin" / "python")
    check = subprocess.run([python, "-c", "import kit; print(kit.__file__)"], capture_output=True,
                           text=True, timeout=60, cwd=root, env={"PATH": os.environ["PATH"]})
    assert check.stdout.strip() == str(root / "src" / "kit" / "__init__.py"), check
    return root, python, site


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def persistence_attacks(root: Path) -> dict[str, str]:
    """Attacks that try to change the kit or its venv for later students and later runs. Each
    writes only below `root` (the throwaway), so that a broken sandbox could never reach this
    checkout or the machine's Python."""
    mine = f"def _mine(d):\n    return os.path.abspath(d).startswith({str(root)!r})\n"
    return {
        "plants_pth": "import site, sys, os\n" + mine + textwrap.dedent("""
            for d in site.getsitepackages() + sys.path:
                if _mine(d):
                    try:
                        open(os.path.join(d, 'zz_kit_attack.pth'), 'w').write(
                            "import os; os.environ['KIT_PWNED'] = '1'\\n")
                    except OSError:
                        pass
            """),
        "plants_sitecustomize": "import sys, os\n" + mine + textwrap.dedent("""
            for d in sys.path + [os.getcwd(), os.path.expanduser('~')]:
                if _mine(d):
                    try:
                        open(os.path.join(d, 'sitecustomize.py'), 'w').write(
                            "import kit.exercises.edf_lateness as e\\n"
                            "e.PROBLEMS[0].reference = lambda jobs: list(jobs)\\n")
                    except OSError:
                        pass
            """),
        "forges_pyc": "import os\n" + mine + textwrap.dedent("""
            import importlib.util, marshal, kit.exercises.edf_lateness as target
            src = target.__file__
            cache = importlib.util.cache_from_source(src)
            st = os.stat(src)
            code = compile(open(src).read() + "\\nedf_order = lambda jobs: list(jobs)\\n", src,
                           'exec')
            header = importlib.util.MAGIC_NUMBER + (0).to_bytes(4, 'little') + \\
                int(st.st_mtime).to_bytes(4, 'little') + \\
                (st.st_size & 0xFFFFFFFF).to_bytes(4, 'little')
            if _mine(src):
                try:
                    os.makedirs(os.path.dirname(cache), exist_ok=True)
                    open(cache, 'wb').write(header + marshal.dumps(code))
                except OSError:
                    pass
            """),
    }


def test_nothing_persists_into_the_kit_or_its_venv(tmp_path, throwaway):
    root, python, site = throwaway
    before_kit, before_site = _tree(root / "src"), _tree(site)
    attacks = persistence_attacks(root)
    paths = [notebook(tmp_path / f"{name}.ipynb", {"edf_order": WRONG_Q1}, [source])
             for name, source in attacks.items()]
    later = notebook(tmp_path / "later.ipynb", {"edf_order": WRONG_Q1})
    victim = solved(tmp_path / "victim.ipynb")
    out = tmp_path / "g.csv"
    run = grade([*paths, later, victim, "--out", out, "--jobs", "1"], cwd=tmp_path,
                python=python, env={"PATH": os.environ["PATH"]})
    assert run.returncode == 0, run.stderr
    rows = rows_of(out)
    assert rows["later"]["q1"] == "0" and rows["victim"]["score"] == "4"
    assert all(rows[name]["q1"] == "0" for name in attacks)
    assert _tree(root / "src") == before_kit and _tree(site) == before_site
    assert not list(tmp_path.glob("sitecustomize.py"))
    # a later run, a later student: still graded by the real reference
    out2 = tmp_path / "g2.csv"
    run = grade([later, victim, "--out", out2], cwd=tmp_path, python=python,
                env={"PATH": os.environ["PATH"]})
    assert run.returncode == 0, run.stderr
    rows = rows_of(out2)
    assert rows["later"]["q1"] == "0" and rows["victim"]["score"] == "4"
    probe = subprocess.run([python, "-c", "import os, kit.exercises.edf_lateness as e; "
                            "from kit.edf import Job; "
                            "print(e.edf_order([Job('a', 1, 5), Job('b', 1, 2)])[0].name, "
                            "os.environ.get('KIT_PWNED'))"],
                           capture_output=True, text=True, timeout=60, cwd=tmp_path,
                           env={"PATH": os.environ["PATH"]})
    assert probe.stdout.split() == ["b", "None"], probe


# -- bad input: each error names the argument and the value -------------------------------------

def test_the_topic_must_be_one_of_the_kit_s(tmp_path):
    run = grade(["x.ipynb", "--exercises", "zz"], cwd=tmp_path)
    assert run.returncode == 2 and "--exercises must be one of" in run.stderr
    assert "'zz'" in run.stderr


def test_the_class_topic_is_the_teachers_choice(tmp_path):
    from kit.grading.grader import Refusal, class_assignment

    course = _course(tmp_path / "course")
    mine = notebook(course / "submitted" / "s" / "ps1" / "x.ipynb", metadata_topic="policies")
    assert class_assignment([str(mine)], None) == ("edf_lateness", SOLVED.name, "ps1")
    assert class_assignment([str(mine)], "policies").topic == "policies"
    loose = notebook(tmp_path / "loose.ipynb", metadata_topic="policies")
    assert class_assignment([str(loose)], "edf_lateness").notebook == SOLVED.name
    with pytest.raises(Refusal, match="pass --exercises TOPIC"):
        class_assignment([str(loose)], None)


def test_outputs_never_replace_a_submission_or_a_folder_the_grader_did_not_make(tmp_path):
    a = solved(tmp_path / "class" / "a.ipynb")
    run = grade([a, "--out", a], cwd=tmp_path)
    assert run.returncode == 2 and f"would overwrite the submission {a}" in run.stderr
    run = grade([a, "--out", tmp_path / "g.csv", "--report", tmp_path / "class"], cwd=tmp_path)
    assert run.returncode == 2 and "would overwrite the submission" in run.stderr
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("the teacher's")
    run = grade([a, "--out", tmp_path / "g.csv", "--report", mine], cwd=tmp_path)
    assert run.returncode == 2 and f"--report {mine} is a folder the grader did not make" \
        in run.stderr
    assert (mine / "notes.txt").read_text() == "the teacher's" and a.read_bytes() == \
        SOLVED.read_bytes() and not (tmp_path / "g.csv").exists()


def test_a_second_run_replaces_the_reports_it_made(tmp_path):
    a, b = solved(tmp_path / "a.ipynb"), solved(tmp_path / "b.ipynb")
    report = tmp_path / "reports"
    assert grade([a, b, "--out", tmp_path / "g.csv", "--report", report],
                 cwd=tmp_path).returncode == 0
    assert grade([a, "--out", tmp_path / "g.csv", "--report", report],
                 cwd=tmp_path).returncode == 0
    assert sorted(p.name for p in report.iterdir()) == [".kit-reports", "a.html", "a.json"]
    assert not list(tmp_path.glob(".kit-*"))  # no staging folder left behind


# -- issue 24: a real course cannot be bent by one learner ----------------------------------------

def _course(root: Path, source: bool = True) -> Path:
    """An nbgrader course folder with the assignment `ps1` (02_edf_lateness) in source/."""
    if source:
        (root / "source" / "ps1").mkdir(parents=True)
        shutil.copy(SOLVED, root / "source" / "ps1" / SOLVED.name)
    (root / "submitted").mkdir(parents=True, exist_ok=True)
    return root


def test_the_topic_is_the_teachers_not_a_vote_of_the_class(tmp_path):
    course = _course(tmp_path / "course")
    for s in ("s1", "s2", "s3"):
        solved(course / "submitted" / s / "ps1" / SOLVED.name)
    attacker = course / "submitted" / "mallory" / "ps1"
    notebook(attacker / SOLVED.name, {"edf_order": WRONG_Q1})
    for i in range(4):  # extra notebooks that say "policies", and one deeper down
        notebook(attacker / f"extra{i}.ipynb", metadata_topic="policies")
    notebook(attacker / "sub" / "deeper.ipynb", metadata_topic="policies")
    # a course of their own inside their folder: its source says policies, its student is s1
    (attacker / "source" / "ps1").mkdir(parents=True)
    shutil.copy(attacker / "extra0.ipynb", attacker / "source" / "ps1" / "x.ipynb")
    notebook(attacker / "submitted" / "s1" / "ps1" / SOLVED.name, {"edf_order": WRONG_Q1})
    notebook(attacker / "submitted" / "zed" / "ps1" / SOLVED.name)
    out, report = tmp_path / "g.csv", tmp_path / "reports"
    run = grade([course / "submitted", "--out", out, "--report", report], cwd=tmp_path,
                topic=False)
    assert run.returncode == 0, run.stderr
    rows = rows_of(out)
    assert set(rows) == {"s1", "s2", "s3", "mallory"}  # one row per student folder, ids untouched
    assert all(rows[s]["score"] == "4" for s in ("s1", "s2", "s3")), rows
    assert rows["mallory"]["score"] == "0"
    notes = json.loads((report / "mallory.json").read_text())["notes"]
    assert any("extra0.ipynb" in n and "ignored" in n for n in notes), notes


def test_without_a_teachers_topic_the_grader_says_how_to_give_one(tmp_path):
    course = _course(tmp_path / "course", source=False)
    solved(course / "submitted" / "s1" / "ps1" / SOLVED.name)
    notebook(course / "submitted" / "s2" / "ps1" / SOLVED.name, metadata_topic="policies")
    for args in ([course / "submitted"], [course / "submitted" / "s1" / "ps1" / SOLVED.name]):
        run = grade([*args, "--out", tmp_path / "g.csv"], cwd=tmp_path, topic=False)
        assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1, run.stderr
        assert "--exercises" in run.stderr and "source/" in run.stderr
    run = grade([course / "submitted", "--out", tmp_path / "g.csv", "--exercises",
                 "edf_lateness"], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert {k: r["score"] for k, r in rows_of(tmp_path / "g.csv").items()} == \
        {"s1": "4", "s2": "0"}


def test_one_learner_s_extra_notebook_never_changes_a_classmate_s_id(tmp_path):
    course = _course(tmp_path / "course")
    solved(course / "submitted" / "s1" / "ps1" / SOLVED.name)
    solved(course / "submitted" / "s2" / "ps1" / SOLVED.name)
    notebook(course / "submitted" / "s2" / "ps1" / "also.ipynb", {"edf_order": WRONG_Q1})
    files = sorted(str(p) for p in (course / "submitted").rglob("*.ipynb"))  # a teacher's glob
    out = tmp_path / "g.csv"
    run = grade([*files, "--out", out, "--gradebook", "canvas"], cwd=tmp_path, topic=False)
    assert run.returncode == 0, run.stderr
    assert {k: r["score"] for k, r in rows_of(out).items()} == {"s1": "4", "s2": "4"}
    canvas = (tmp_path / "g.canvas.csv").read_text()
    assert "s1,,,s1," in canvas and "s2,,,s2," in canvas and "ps1" not in canvas


def test_report_names_never_collide_with_a_student_s_path(tmp_path):
    a = solved(tmp_path / "x.ipynb")
    b = notebook(tmp_path / "x.json" / "y.ipynb", {"edf_order": WRONG_Q1})
    c = solved(tmp_path / "x.html" / "y.ipynb")
    out, report = tmp_path / "g.csv", tmp_path / "reports"
    run = grade([a, b, c, "--out", out, "--report", report, "--exercises", "edf_lateness"],
                cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    students = {json.loads(p.read_text())["student"] for p in report.glob("*.json")}
    assert students == {"x", "x.json/y", "x.html/y"}
    assert len(list(report.glob("*.html"))) == 3


@given(st.lists(st.text(min_size=1, max_size=300), unique=True, max_size=20))
@settings(max_examples=300, deadline=None)
def test_report_names_are_flat_distinct_and_case_blind(students):
    from kit.grading.grader import report_names

    names = report_names(students)
    assert len({n.casefold() for n in names.values()}) == len(students)
    assert all("/" not in n and not n.startswith(".") and len(n.encode()) < 200
               for n in names.values())


def test_ids_whose_reports_would_collide_are_refused_before_anything_is_written(tmp_path,
                                                                               monkeypatch):
    from kit.grading import outputs
    from kit.grading.grader import Refusal, report_names

    monkeypatch.setattr(outputs, "report_name", lambda student: student[:3])
    with pytest.raises(Refusal, match="'alice'.*'alicia'"):
        report_names(["alice", "bob", "alicia"])
    a, b = solved(tmp_path / "alice.ipynb"), solved(tmp_path / "Alice.ipynb")
    out, report = tmp_path / "g.csv", tmp_path / "reports"
    run = grade([a, b, "--out", out, "--report", report, "--exercises", "edf_lateness"],
                cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert {json.loads(p.read_text())["student"] for p in report.glob("*.json")} == \
        {"alice", "Alice"}


P61 = 2 ** 61 - 1
_WRITE_REPLY = textwrap.dedent("""
    import json, os, stat

    def _reply(value):
        line = json.dumps({"kind": "ok", "value": value}).encode() + b"\\n"
        for fd in range(3, 64):
            try:
                if stat.S_ISFIFO(os.fstat(fd).st_mode) and os.get_blocking(fd) is not None:
                    os.write(fd, line)
            except OSError:
                pass
        import time
        time.sleep(1)
    """)


def _colliding_pairs(n: int, middle: tuple = ()) -> list[list[int]]:
    """n tuples `(a, *middle, b)` of ints that all have one hash (CPython's tuple hash,
    inverted: any b is reachable from any a)."""
    M = (1 << 64) - 1
    p1, p2, p5 = 11400714785074694791, 14029467366897019727, 2870177450012600261
    inv1, inv2 = pow(p1, -1, 1 << 64), pow(p2, -1, 1 << 64)

    def step(acc, lane):
        acc = (acc + lane * p2) & M
        return (((acc << 31) | (acc >> 33)) & M) * p1 & M

    size = 2 + len(middle)

    def lead(a):
        acc = step(p5, a)
        for m in middle:
            acc = step(acc, hash(m) & M)
        return acc

    before = step(lead(1), 2)
    x = before * inv1 & M
    y = ((x >> 31) | (x << 33)) & M
    pairs, a = [], 0
    while len(pairs) < n:
        a += 1
        lane = (y - lead(a)) * inv2 & M
        b = lane if lane < P61 else lane - (1 << 64)
        if -P61 < b < P61 and b != -1 and hash(b) == (b if b != -1 else -2):
            pairs.append([a, *middle, b])
    assert len({hash(tuple(p)) for p in pairs[:50]}) == 1, size
    return pairs


def hostile_values() -> dict[str, str]:
    """Wire texts under the 1 MB cap that cost a naive decoder (or a check) far more than their
    size: one per container type the wire format has."""
    n = 40000
    pairs = _colliding_pairs(12000)
    return {
        "set_of_colliding_ints": json.dumps({"@set": [i * P61 for i in range(n)]}),
        "dict_of_colliding_ints": json.dumps({"@d": [[i * P61, 0] for i in range(30000)]}),
        "set_of_colliding_tuples": json.dumps({"@set": [{"@t": p} for p in pairs]}),
        "list_of_colliding_tuples": json.dumps([{"@t": p} for p in pairs]),
        "dict_of_colliding_tuples": json.dumps({"@d": [[{"@t": p}, 1] for p in pairs]}),
        "colliding_records": json.dumps([{"@nt": "kit.edf:Job", "v": p}
                                        for p in _colliding_pairs(12000, (1,))]),
        "huge_ints": json.dumps([int("7" * 4000)] * 200),
        "strings": json.dumps({"@set": [str(i) for i in range(n)]}),
        "deep": json.dumps(json.loads("[" * 250 + "]" * 250)),
        "many_small_containers": json.dumps([{"@t": []}, {"@set": []}, {"@d": []}, []] * 20000),
    }


@pytest.mark.parametrize("name", sorted(hostile_values()))
def test_decoding_a_hostile_reply_costs_linear_time(name):
    from kit.edf import Job

    text = hostile_values()[name]
    assert len(text) < wire.MAX_BYTES
    t0 = time.process_time()
    try:
        wire.loads(text, records={Job})
    except wire.WireError as e:
        assert "hash" in str(e) or "large" in str(e) or "nested" in str(e), e
    assert time.process_time() - t0 < 2.0  # a 1 MB reply decodes in well under a second


def test_a_hostile_reply_of_each_type_stays_within_the_promised_time(tmp_path):
    values = hostile_values()
    names = sorted(values)
    answers = ["edf_order", "max_lateness", "feasible", "min_late_jobs"]
    paths = []
    for k in range(0, len(names), 4):
        cells = [_WRITE_REPLY] + [
            f"def {q}(*args):\n    _reply({values[name]!r})\n    return None"
            for q, name in zip(answers, names[k:k + 4], strict=False)]
        paths.append(notebook(tmp_path / f"hostile{k}.ipynb", extra=cells))
    timeout = 10  # a right answer (the victim) needs a few seconds of CPU per question; the
    # hostile replies end their questions early whatever the limit
    out, report = tmp_path / "g.csv", tmp_path / "reports"
    t0 = time.monotonic()
    run = grade([*paths, solved(tmp_path / "victim.ipynb"), "--out", out, "--report", report,
                 "--timeout", timeout, "--jobs", "1", "--exercises", "edf_lateness"],
                cwd=tmp_path, timeout=900)
    seconds = time.monotonic() - t0
    assert run.returncode == 0, run.stderr
    assert rows_of(out)["victim"]["score"] == "4"
    # the promise, per notebook: 90 s of wall time to start at most (30 s of CPU time), and per
    # question 2 x --timeout of wall time at most (--timeout of CPU time)
    assert seconds < len(paths + [0]) * (90 + 4 * 2 * timeout), seconds
    for p in paths:
        details = json.loads((report / f"{p.stem}.json").read_text())
        assert sum(details["scores"].values()) == 0, details["scores"]


def test_an_imported_function_is_not_attempted_whatever_its_attributes(tmp_path):
    spoof = ("from kit.exercises.edf_lateness import edf_order\n"
             "edf_order.__module__ = '__main__'\nedf_order.__qualname__ = 'edf_order'")
    code = compile("def edf_order(jobs):\n    return None", "<cell>", "exec")
    forged = ("import kit.edf as _e\n_f = _e.edf_order\nexec(" + repr(
        "def edf_order(jobs):\n    return _f(jobs)") + ")")
    paths = [notebook(tmp_path / "spoof.ipynb", {"edf_order": spoof}),
             notebook(tmp_path / "forged.ipynb", {"edf_order": forged}),
             notebook(tmp_path / "wrapper.ipynb", {"edf_order": (
                 "from kit import edf as _kit\n\ndef edf_order(jobs):\n"
                 "    return _kit.edf_order(jobs)")}),
             notebook(tmp_path / "hidden.ipynb", {"edf_order": (
                 "_ref = __import__('kit.e' + 'df', fromlist=['x'])\n\ndef edf_order(jobs):\n"
                 "    return getattr(_ref, 'edf_' + 'order')(jobs)")}),
             solved(tmp_path / "honest.ipynb")]
    assert code is not None
    out, report = tmp_path / "g.csv", tmp_path / "reports"
    run = grade([*paths, "--out", out, "--report", report, "--exercises", "edf_lateness"],
                cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    rows = rows_of(out)
    assert rows["spoof"]["q1"] == rows["forged"]["q1"] == "0"
    assert json.loads((report / "spoof.json").read_text())["outcomes"]["q1"]["status"] == \
        "not attempted"
    for name in ("wrapper", "hidden"):
        assert "q1" in rows[name]["flags"], rows[name]
        assert "kit" in (report / f"{name}.html").read_text()
    assert rows["honest"]["flags"] == "" and rows["honest"]["score"] == "4"


def test_no_lock_crosses_from_one_sandbox_to_another(tmp_path):
    files = ["kit.__file__", "os.__file__", "json.__file__", "'/usr/bin/env'",
             "nbformat.__file__"]
    grab = textwrap.dedent(f"""
        import fcntl, os, json, kit, nbformat
        _held = []
        for _p in [{", ".join(files)}]:
            _f = open(_p, 'rb')
            fcntl.flock(_f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            _g = open(_p, 'rb')
            fcntl.fcntl(_g, getattr(fcntl, 'F_OFD_SETLK', 37), bytes(32))
            _held += [_f, _g]
        """)
    sender = ("import time\n\ndef edf_order(jobs):\n    time.sleep(30)")
    probe = textwrap.dedent(f"""
        import fcntl, os, json, kit, nbformat, time
        def _locked():
            for _p in [{", ".join(files)}]:
                with open(_p, 'rb') as f:
                    try:
                        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    except OSError:
                        return True
            return False
        _seen = False
        _end = time.time() + 8
        while time.time() < _end and not _seen:
            _seen = _locked()
            time.sleep(0.2)
        """)
    paths = [notebook(tmp_path / "sender.ipynb", {"edf_order": sender}, [grab]),
             notebook(tmp_path / "receiver.ipynb", {"edf_order": canary(
                 "return _seen or _locked()")}, [probe])]
    out = tmp_path / "g.csv"
    run = grade([*paths, "--out", out, "--jobs", "2", "--timeout", "20", "--exercises",
                 "edf_lateness"], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert rows_of(out)["receiver"]["q1"] == "0"


def test_a_classmate_s_spinning_processes_never_time_out_a_right_answer(tmp_path):
    before = set(learner_processes())
    spin = textwrap.dedent("""
        import os

        def _spin(jobs):
            for _ in range(48):
                if os.fork() == 0:
                    os.setsid()
                    while True:
                        pass
            while True:
                pass
        """)
    answers = {q: f"{spin}\n{q} = None\ndef {q}(*a):\n    _spin(a)" for q in
               ("edf_order", "max_lateness", "feasible", "min_late_jobs")}
    paths = [notebook(tmp_path / "spinner.ipynb", extra=list(answers.values())),
             solved(tmp_path / "classmate.ipynb")]
    out = tmp_path / "g.csv"
    run = grade([*paths, "--out", out, "--jobs", "2", "--timeout", "10", "--exercises",
                 "edf_lateness"], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    rows = rows_of(out)
    assert rows["classmate"]["score"] == "4", rows
    assert rows["spinner"]["score"] == "0"
    assert left_behind(before) == []


def _as_a_normal_user() -> list[str]:
    """A prefix that runs a command as a normal user: `runuser -u nobody` when nobody can run
    this interpreter, else a user namespace mapping uid 1000 (no capability on the machine)."""
    if os.geteuid() != 0:
        return []
    probe = subprocess.run(["runuser", "-u", "nobody", "--", sys.executable, "-c", "pass"],
                           capture_output=True, timeout=60)
    if probe.returncode == 0:
        return ["runuser", "-u", "nobody", "--"]
    return ["unshare", "--map-user=1000", "--map-group=1000", "--"]


def test_grading_runs_as_a_normal_user(tmp_path):
    folder = tmp_path / "class"
    a = solved(folder / "a.ipynb")
    b = notebook(folder / "b.ipynb", {"edf_order": WRONG_Q1})
    os.chmod(folder, 0o777)
    prefix = _as_a_normal_user()
    check = subprocess.run([*prefix, sys.executable, "-c", "import os; print(os.geteuid())"],
                           capture_output=True, text=True, timeout=60)
    assert check.stdout.strip() != "0", check
    run = subprocess.run([*prefix, sys.executable, "-m", "kit", "grade", str(a), str(b),
                          "--out", str(folder / "g.csv"), "--exercises", "edf_lateness"],
                         capture_output=True, text=True, timeout=600, cwd=folder)
    assert run.returncode == 0, run.stderr
    assert {k: r["score"] for k, r in rows_of(folder / "g.csv").items()} == \
        {"a": "4", "b": "0"}


def test_a_cell_error_is_shown_on_the_question_it_stopped(tmp_path):
    broken = "def feasible(jobs):\n    total = 0\n    for j in jobs\n        total += 1"
    path = notebook(tmp_path / "typo.ipynb", {"feasible": broken})
    out, report = tmp_path / "g.csv", tmp_path / "reports"
    run = grade([path, "--out", out, "--report", report, "--exercises", "edf_lateness"],
                cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    q3 = json.loads((report / "typo.json").read_text())["outcomes"]["q3"]
    assert q3["status"] != "not attempted"
    assert "SyntaxError" in q3["text"] and "def feasible(jobs):" in q3["text"]
    assert "line 3" in q3["text"]
    assert "cell 1" not in q3["text"]


_MINE = "def edf_order(jobs):\n    return list(jobs)\n"
REACHES_THE_REFERENCE = {
    "module_attribute": "from kit import edf as _kit\n\ndef edf_order(jobs):\n"
                        "    return _kit.edf_order(jobs)",
    "imported_function": "from kit.edf import edf_order as _e\n\ndef edf_order(jobs):\n"
                         "    return _e(jobs)",
    "alias_through_a_global": "from kit.edf import *\nref = edf_order\n\ndef edf_order(jobs):\n"
                              "    return ref(jobs)",
    "helper_function": "import kit.edf\n\ndef _helper(jobs):\n    return kit.edf.edf_order(jobs)"
                       "\n\ndef edf_order(jobs):\n    return _helper(jobs)",
    "solution_text": "import kit.exercises.edf_lateness as ex\n\ndef edf_order(jobs):\n"
                     "    return eval(ex.q1.solution())",
    "import_inside": "def edf_order(jobs):\n    from kit.edf import edf_order as e\n"
                     "    return e(jobs)",
    "computed_name": "_m = __import__('kit.e' + 'df', fromlist=['x'])\n\ndef edf_order(jobs):\n"
                     "    return getattr(_m, 'edf_' + 'order')(jobs)",
    "import_after_def": _MINE + "from kit.edf import edf_order",
    "code_swapped": _MINE + "import kit.edf\nedf_order.__code__ = kit.edf.edf_order.__code__",
    "loop_target": _MINE + "import kit.edf\nfor edf_order in [kit.edf.edf_order]:\n    pass",
    "walrus": _MINE + "import kit.edf\nif (edf_order := kit.edf.edf_order):\n    pass",
    "globals_at_top": _MINE + "import kit.edf\nglobals()['edf_' + 'order'] = kit.edf.edf_order",
    "globals_in_a_call": _MINE + "import kit.edf\n\ndef f():\n    g = globals\n"
                         "    g()['edf_order'] = kit.edf.edf_order\n\nf()",
    "decorated": "import kit.edf\n\n@lambda f: kit.edf.edf_order\ndef edf_order(jobs):\n"
                 "    return None",
}


@pytest.mark.parametrize("name", sorted(REACHES_THE_REFERENCE))
def test_a_function_reaching_for_the_kit_s_reference_is_flagged(name):
    from kit.grading.intake import _trees, reference_flags

    flags = dict(reference_flags(_trees([REACHES_THE_REFERENCE[name]]), "edf_lateness"))
    assert "q1" in flags and "edf_order" in flags["q1"], flags


def test_no_handout_or_solution_is_flagged():
    from kit.exercises import NOTEBOOKS
    from kit.grading.intake import _trees, code_cells, reference_flags

    for folder in ("solutions", "notebooks"):
        for stem, topic in NOTEBOOKS.items():
            nb = json.loads((ROOT / folder / f"{stem}.ipynb").read_text())
            assert reference_flags(_trees(code_cells(nb)), topic) == (), (folder, stem)


# -- the blind round of issue 24 ------------------------------------------------------------------

_STUBS = ("def max_lateness(jobs):\n    raise NotImplementedError\n\n"
          "def feasible(jobs):\n    raise NotImplementedError\n")
REACHES_BY_A_LOOKUP = {  # each calls the kit's min_late_jobs (q4) by a way the source hides
    "attrgetter_on_the_kit": "from operator import attrgetter as _ag\nimport kit.edf as _K\n"
                             "_n = ''.join(['min', '_late', '_jobs'])\n\n"
                             "def min_late_jobs(jobs):\n    return _ag(_n)(_K)(jobs)",
    "attrgetter_on_ex": "from kit.exercises import edf_lateness as ex\n"
                        "from operator import attrgetter as _ag\n"
                        "_n = ''.join(['min', '_late', '_jobs'])\n\n"
                        "def min_late_jobs(jobs):\n    return _ag(_n)(ex)(jobs)",
    "match_class_pattern": "import kit.edf as _K\n\ndef min_late_jobs(jobs):\n    match _K:\n"
                           "        case object(min_late_jobs=f):\n            return f(jobs)",
    "operator_module": "import operator\nimport kit.edf as _K\n\ndef min_late_jobs(jobs):\n"
                       "    return operator.attrgetter('min_late_' + 'jobs')(_K)(jobs)",
    "pydoc_locate": "from pydoc import locate\n\ndef min_late_jobs(jobs):\n"
                    "    return locate('ki' + 't.edf.min_late_jobs')(jobs)",
    "private_of_a_plain_module": "import random\n\ndef min_late_jobs(jobs):\n"
                                 "    m = random._os.sys\n    return m.modules['ki' 't.edf']"
                                 ".min_late_jobs(jobs)",
    "module_through_a_helper": "import kit.edf as _K\n\ndef _it():\n    return _K\n\n"
                               "def min_late_jobs(jobs):\n    return vars(_it())['min_late_'"
                               " + 'jobs'](jobs)",
    "dunder_getattribute": "from kit.edf import Job\n\ndef min_late_jobs(jobs):\n"
                           "    return type(Job).__getattribute__(Job, '__module__')",
    "frame_globals": "def min_late_jobs(jobs):\n    def g():\n        yield it.gi_frame.f_back"
                     "\n    it = g()\n    back = next(it)\n    return back.f_globals['ex']"
                     ".q4.reference(jobs)",
    "kit_function_by_attribute": "from kit import edf as _e\n\ndef min_late_jobs(jobs):\n"
                                 "    return [s.job for s in _e.run_in_order(jobs)]",
    "closure_over_a_module": "import kit.edf as _K\n\ndef min_late_jobs(jobs):\n"
                             "    m = _K\n    def inner():\n        nonlocal m\n"
                             "        return vars(m)['min_late_' + 'jobs'](jobs)\n"
                             "    return inner()",
    "top_level_read_by_vars": "import kit.edf as _E\n_R = vars(_E)['min_late_' + 'jobs']\n\n"
                              "def min_late_jobs(jobs):\n    return _R(jobs)",
}


@pytest.mark.parametrize("name", sorted(REACHES_BY_A_LOOKUP))
def test_a_lookup_by_a_computed_name_is_flagged_on_its_question_only(name):
    from kit.grading.intake import _trees, reference_flags

    flags = dict(reference_flags(_trees([_STUBS, REACHES_BY_A_LOOKUP[name]]), "edf_lateness"))
    assert "q4" in flags and "min_late_jobs" in flags["q4"], flags
    assert set(flags) == {"q4"}, flags  # the unattempted q2 and q3 are not flagged


# what the blind round's receiver read, and the other machine-wide counters of the same class
MACHINE_WIDE = ["/proc/sys/fs/file-nr", "/proc/sys/kernel/random/entropy_avail", "/proc/meminfo",
                "/proc/loadavg", "/proc/stat", "/proc/vmstat", "/proc/interrupts",
                "/proc/diskstats", "/proc/softirqs", "/proc/zoneinfo", "/proc/buddyinfo",
                "/proc/slabinfo", "/proc/locks", "/proc/pressure/cpu", "/proc/pressure/memory",
                "/proc/schedstat", "/proc/swaps", "/proc/cpuinfo", "/proc/uptime"]


def test_no_machine_wide_counter_is_readable_in_the_sandbox():
    from kit.grading import isolation

    if isolation.unavailable():
        pytest.skip(isolation.unavailable())
    code = ("import json, sys\nseen = {}\nfor p in json.loads(sys.argv[1]):\n    try:\n"
            "        seen[p] = open(p).read()\n    except OSError as e:\n"
            "        seen[p] = ''\nprint(json.dumps(seen))")
    views = isolation.Views()
    try:
        run = subprocess.run(isolation.bwrap_argv([sys.executable, "-I", "-c", code,
                                               json.dumps(MACHINE_WIDE)],
                                              uid=isolation.UIDS[0], views=views),
                             capture_output=True, text=True, timeout=60,
                             stdin=subprocess.DEVNULL, preexec_fn=views.mount)
    finally:
        views.remove()
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout)
    assert {p: text[:80] for p, text in seen.items() if text} == {}


def test_every_student_folder_and_every_notebook_entry_is_one_row(tmp_path):
    course = _course(tmp_path / "course")
    sub = course / "submitted"
    notebook(sub / "alice" / "ps1" / LEARNER.name)
    (sub / "empty" / "ps1").mkdir(parents=True)  # an empty assignment folder
    (sub / "bare").mkdir()  # no assignment folder at all
    (sub / "dirnb" / "ps1" / LEARNER.name).mkdir(parents=True)  # a folder for a notebook
    (sub / "zed").symlink_to(sub / "alice")  # a student folder that is a link
    out, summary = tmp_path / "grades.csv", tmp_path / "summary.html"
    run = grade([course, "--out", out, "--report", tmp_path / "r", "--summary", summary],
                cwd=tmp_path, topic=False)
    assert run.returncode == 0, run.stderr
    rows = rows_of(out)
    assert set(rows) == {"alice", "empty", "bare", "dirnb", "zed"}, rows
    for student, why in {"empty": "no 02_edf_lateness.ipynb", "bare": "no 02_edf_lateness",
                         "dirnb": "not a regular file", "zed": "symbolic link"}.items():
        assert rows[student]["score"] == "0"
        assert why in " ".join(json.loads((tmp_path / "r" / f"{student}.json").read_text())
                               ["notes"]), student
    assert "5 submissions" in summary.read_text()

    plain = tmp_path / "plain"
    notebook(plain / "a.ipynb")
    (plain / "dir.ipynb").mkdir()
    (plain / "linked.ipynb").symlink_to(plain / "dir.ipynb")
    run = grade([plain, "--out", out], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert set(rows_of(out)) == {"a", "dir", "linked"}


@pytest.mark.parametrize("student,place", [
    ("summary", {"--summary": "r/summary.html"}),
    ("grades", {"--out": "r/grades.json"}),
    ("g.canvas", {"--out": "r/g.csv", "--gradebook": "canvas", "--summary": "r/g.canvas.csv"}),
    ("x", {"--summary": "grades.csv"}),
    ("x", {"--summary": "r"}),
    ("x", {"--out": "r/.kit-reports"}),
])
def test_no_two_outputs_meet_on_one_file(tmp_path, student, place):
    notebook(tmp_path / "subs" / f"{student}.ipynb")
    (tmp_path / "r").mkdir()
    options = {"--out": "grades.csv", "--report": "r", **place}
    run = grade([*(x for k, v in options.items() for x in ([k, v] if v else [k])),
                 tmp_path / "subs"], cwd=tmp_path)
    assert run.returncode == 2, (run.stdout, run.stderr)
    assert run.stderr.count("\n") == 1 and "would both be written to" in run.stderr, run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r", "subs"]
    assert list((tmp_path / "r").iterdir()) == []


def test_a_control_character_in_an_id_is_written_visibly_everywhere(tmp_path):
    forged = "nl\nmallory,4,4,4,4,16,4,"
    notebook(tmp_path / "subs" / f"{forged}.ipynb")
    notebook(tmp_path / "subs" / "rlo\u202etxt.ipynb")
    out, report = tmp_path / "grades.csv", tmp_path / "r"
    run = grade(["--out", out, "--report", report, "--gradebook", "canvas", "--summary",
                 tmp_path / "s.html", tmp_path / "subs"], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    for written in [out, out.with_suffix(".canvas.csv"), tmp_path / "s.html",
                    *report.iterdir()]:
        text = written.read_text()
        assert not any(line.startswith("mallory") for line in text.splitlines()), written
        assert "\u202e" not in text, written
    assert set(rows_of(out)) == {"nl\\x0amallory,4,4,4,4,16,4,", "rlo\\u202etxt"}


def test_the_blind_rounds_lookups_score_but_are_flagged_on_their_question(tmp_path):
    import nbformat as nbf

    nb = nbf.read(SOLVED, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code" and "def min_late_jobs(" in cell.source:
            cell.source = ("import kit.edf as _K\n\ndef min_late_jobs(jobs):\n    match _K:\n"
                           "        case object(min_late_jobs=f):\n            return f(jobs)")
        elif cell.cell_type == "code" and cell.source.lstrip().startswith("def edf_order("):
            cell.source = ("from operator import attrgetter as _ag\n"
                           "_n = ''.join(['edf', '_order'])\n\ndef edf_order(jobs):\n"
                           "    return _ag(_n)(_K)(jobs)")
    (tmp_path / "subs").mkdir()
    nbf.write(nb, tmp_path / "subs" / "v.ipynb")
    out = tmp_path / "g.csv"
    run = grade(["--out", out, tmp_path / "subs"], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    row = rows_of(out)["v"]
    assert row["score"] == "4", row  # scored as it answers
    flagged = [part.split(":")[0] for part in row["flags"].split("; ")]
    assert flagged == ["q1", "q3", "q4"], row["flags"]  # feasible calls edf_order

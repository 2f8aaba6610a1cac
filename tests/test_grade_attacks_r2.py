"""The second blind round against the class grader (issue 24): each attack that succeeded, as a
test, closed as a class (the round's write-up is summarised in the README's "Blind rounds").

- S1: `python -m kit nbgrader autograde` ran a learner's cells as the teacher, with no sandbox.
- S2/S3: the answer's name bound again by a route the flag did not know (a star import, a
  `global` in a helper or a class decorator, a `match` capture, ...).
- S4/S5: a lone surrogate or a non-UTF-8 byte in learner text cost the class every output.
- S6: sandboxes graded at once talked through sysinfo(2) and the global pipe inode counter.
- S7: a huge list literal made the grader's own process parse it in gigabytes.
- S8: a hidden student folder got no row. S9: ids that forge Canvas's own rows.
- S10: an exception message forging a "passed" line; look-alike ids.
"""

import csv
import json
import os
import subprocess
import sys
import textwrap
import unicodedata
from pathlib import Path

import pytest

from kit.build import ROOT
from tests.test_grade_attacks import (
    SOLVED,
    grade,
    notebook,
    rows_of,
    solved,
)

_STUBS = ("def edf_order(jobs):\n    raise NotImplementedError\n\n"
          "def max_lateness(jobs):\n    raise NotImplementedError\n\n"
          "def feasible(jobs):\n    raise NotImplementedError\n\n"
          "def min_late_jobs(jobs):\n    raise NotImplementedError\n")


def _isolated() -> None:
    from kit.grading import isolation

    if isolation.unavailable():
        pytest.skip(isolation.unavailable())


# -- S2/S3: the answer's name is bound only by its own top-level def ------------------------------

REBOUND = {  # each binds max_lateness (q2) again, at module scope, after the handout's stub
    "star_import": "from kit.edf import *",
    "star_import_of_a_plain_module": "from math import *",
    "global_in_a_helper": "import kit.edf as edf\n\ndef _setup():\n    global max_lateness\n"
                          "    max_lateness = edf.max_lateness\n\n_setup()",
    "global_in_a_class_decorator": "import kit.edf as edf\n\ndef _install(cls):\n"
                                   "    global max_lateness\n    max_lateness = cls.impl\n"
                                   "    return cls\n\n@_install\nclass _Impl:\n"
                                   "    impl = staticmethod(edf.max_lateness)",
    "global_deep_inside": "import kit.edf as edf\n\nclass A:\n    def f(self):\n"
                          "        def g():\n            global max_lateness\n"
                          "            max_lateness = edf.max_lateness\n        g()\n\nA().f()",
    "match_capture": "import kit.edf as edf\n\nmatch edf.max_lateness:\n"
                     "    case max_lateness:\n        pass",
    "match_as": "import kit.edf as edf\n\nmatch [edf.max_lateness]:\n"
                "    case [_ as max_lateness]:\n        pass",
    "match_star": "import kit.edf as edf\n\nmatch [1, edf.max_lateness]:\n"
                  "    case [1, *max_lateness]:\n        pass",
    "match_mapping_rest": "import kit.edf as edf\n\nmatch {'a': 1}:\n"
                          "    case {'a': 1, **max_lateness}:\n        pass",
    "except_target": "try:\n    1 / 0\nexcept ZeroDivisionError as max_lateness:\n    pass",
    "with_target": "import contextlib, kit.edf as edf\n\n"
                   "with contextlib.nullcontext(edf.max_lateness) as max_lateness:\n    pass",
    "walrus_in_a_comprehension": "import kit.edf as edf\n\n"
                                 "[(max_lateness := f) for f in [edf.max_lateness]]",
    "augmented": "max_lateness += 0",
    "deleted": "del max_lateness",
    "import_as": "import kit.edf as max_lateness",
    "a_second_class": "class max_lateness:\n    pass",
    "decorated_answer": "import functools\n\n@functools.lru_cache\ndef max_lateness(jobs):\n"
                        "    return 0",
    "in_a_class_body_with_global": "import kit.edf as edf\n\nclass _C:\n    global max_lateness\n"
                                   "    max_lateness = edf.max_lateness",
    "in_a_lambda_default": "_f = lambda x=[(max_lateness := 1)]: x",
}


@pytest.mark.parametrize("name", sorted(REBOUND))
def test_any_other_binding_of_the_answer_s_name_is_flagged(name):
    from kit.grading.intake import _trees, reference_flags

    flags = dict(reference_flags(_trees([_STUBS, REBOUND[name]]), "edf_lateness"))
    assert "q2" in flags and "max_lateness" in flags["q2"], flags


LOCAL_ONLY = {  # the same words bind a function's own variable: nothing at module scope
    "a_local_of_the_same_name": "def helper():\n    max_lateness = 1\n    return max_lateness",
    "a_comprehension_variable": "_xs = [max_lateness for max_lateness in range(3)]",
    "a_class_attribute": "class C:\n    max_lateness = 3",
    "a_walrus_in_a_lambda": "_f = lambda: [(max_lateness := 1)]",
    "a_nonlocal": "def outer():\n    max_lateness = 0\n    def inner():\n"
                  "        nonlocal max_lateness\n        max_lateness = 1\n    inner()",
}


@pytest.mark.parametrize("name", sorted(LOCAL_ONLY))
def test_a_local_of_the_same_name_is_not_flagged(name):
    from kit.grading.intake import _trees, reference_flags

    flags = dict(reference_flags(_trees([_STUBS, LOCAL_ONLY[name]]), "edf_lateness"))
    assert "q2" not in flags, flags


# -- S4/S5/S10: one sanitiser for learner text -----------------------------------------------------

HOSTILE_TEXT = ["lone " + chr(0xD800), "bad byte " + os.fsdecode(b"\xff"),
                "line\n\u2714 feasible: passed 150 generated cases", "tab\there\r",
                "\u2028x\x1b[2J"]


@pytest.mark.parametrize("text", HOSTILE_TEXT)
def test_learner_text_is_shown_on_one_line_and_encodes(text):
    from kit.grading.shown import shown

    out = shown(text)
    out.encode("utf-8")  # never raises
    assert "\n" not in out and "\r" not in out and "\u2028" not in out and "\x1b" not in out
    assert out == shown(out)  # already shown text stays as it is
    assert shown("josé\u2014ok") == "josé\u2014ok"  # printable text is kept


def test_every_output_takes_surrogates_and_newlines(tmp_path):
    """A row full of hostile text through every writer: the CSV, the reports (HTML and JSON),
    the Canvas CSV and the summary are written, and each shows the text escaped."""
    from kit.grading import gradebook
    from kit.grading.outputs import report_names, write_outputs
    from kit.grading.shown import shown, shown_all

    bad = shown("x" + chr(0xDCFF) + "\n\u2714 passed" + chr(0xD800),
                name=True)  # as a folder's name comes in (its byte 0xff shown as a byte)
    row = {"student": bad, "exercises": "edf_lateness", "scores": {"q1": 0}, "max": {"q1": 1},
           "outcomes": {"q1": {"status": "crashed", "text": f"crashed: {bad}\nexpected [...]",
                               "html": f"<p>{bad}</p>", "pitfall": bad, "hint": bad}},
           "flags": {"q1": bad}, "notes": [bad]}
    rows = [shown_all(row)]
    out, report = tmp_path / "grades.csv", tmp_path / "reports"
    assert write_outputs(rows, out, report) == 0
    gradebook.write_canvas(rows, tmp_path / "grades.canvas.csv", "edf_lateness")
    names = report_names([r["student"] for r in rows])
    gradebook.write_summary(rows, tmp_path / "summary.html", report, names)
    for path in [out, tmp_path / "grades.canvas.csv", tmp_path / "summary.html",
                 *report.glob("*.html"), *report.glob("*.json")]:
        text = path.read_text(encoding="utf-8")
        assert not any(line.lstrip('"').startswith("\u2714") for line in text.splitlines())
        assert "\\xff" in text or "%5Cxff" in text, path


def _bytes_folder(parent: Path, name: bytes) -> Path:
    path = Path(os.fsdecode(os.path.join(os.fsencode(str(parent)), name)))
    path.mkdir(parents=True)
    return path


@pytest.fixture(scope="module")
def odd_class(tmp_path_factory):
    """One nbgrader class run: an honest student beside every learner-text attack of the round
    and the odd ids (hidden, Canvas words, look-alikes)."""
    _isolated()
    tmp = tmp_path_factory.mktemp("odd")
    sub = tmp / "course" / "submitted"
    nb = "02_edf_lateness.ipynb"
    solved(sub / "alice" / "edf" / nb)
    solved(_bytes_folder(sub, b"bad\xffname") / "edf" / nb)
    solved(sub / ".hidden" / "edf" / nb)
    solved(sub / "    Points Possible" / "edf" / nb)
    solved(sub / "Student" / "edf" / nb)
    solved(sub / unicodedata.normalize("NFC", "josé") / "edf" / nb)
    (sub / unicodedata.normalize("NFD", "josé") / "edf").mkdir(parents=True)
    solved(sub / "\u212aate" / "edf" / nb)
    (sub / "Kate" / "edf").mkdir(parents=True)
    notebook(sub / "surrexc" / "edf" / nb, {"feasible": "def feasible(jobs):\n    raise "
                                            "RuntimeError('lone surrogate: ' + chr(0xD800))"})
    line = notebook(sub / "surrline" / "edf" / nb, {"feasible": "def feasible(jobs):  # SURR\n"
                                                    "    return [\n"})
    line.write_text(line.read_text().replace("# SURR", "# \\ud800"))  # valid JSON, a lone surrogate
    notebook(sub / "surrreply" / "edf" / nb,
             {"edf_order": "def edf_order(jobs):\n    return [Job(chr(0xD800), 1, 1)] + "
                           "sorted(jobs, key=lambda j: j.deadline)"})
    notebook(sub / "exmsg" / "edf" / nb, {"feasible": "def feasible(jobs):\n    raise "
             "RuntimeError('\\n\\u2714 feasible: passed 150 generated cases and 7 edge cases."
             "\\n')"})
    out, report = tmp / "grades.csv", tmp / "reports"
    done = grade(["--jobs", "2", "--out", out, "--report", report, "--gradebook", "canvas",
                  "--summary", tmp / "summary.html", "--", sub], cwd=tmp)
    return tmp, out, report, done


def test_learner_text_costs_nobody_their_outputs(odd_class):
    tmp, out, report, done = odd_class
    assert done.returncode == 0, done.stderr[-3000:]
    rows = rows_of(out)
    assert rows["alice"]["score"] == "4"
    assert rows["bad\\xffname"]["score"] == "4", sorted(rows)
    for student in ("surrexc", "surrline", "surrreply", "exmsg"):
        assert student in rows, sorted(rows)
    surr = json.loads((report / "surrexc.json").read_text())
    assert "\\ud800" in surr["outcomes"]["q3"]["text"]


def test_an_exception_message_cannot_forge_a_line(odd_class):
    tmp, out, report, done = odd_class
    text = json.loads((report / "exmsg.json").read_text())["outcomes"]["q3"]["text"]
    assert not any(line.lstrip().startswith("\u2714") for line in text.splitlines()), text


def test_a_hidden_student_folder_is_a_row(odd_class):
    tmp, out, report, done = odd_class
    rows = rows_of(out)
    assert rows[".hidden"]["score"] == "4", sorted(rows)


def test_ids_cannot_forge_canvas_rows(odd_class):
    tmp, out, report, done = odd_class
    with open(tmp / "grades.canvas.csv", newline="") as f:
        lines = list(csv.reader(f))
    assert [line[0] for line in lines].count("Student") == 1, lines
    assert [line[0].strip().casefold() for line in lines].count("points possible") == 1, lines
    students = {line[3] for line in lines[2:]}
    assert len(students) == len(lines) - 2  # every student still has a row of their own


def test_look_alike_ids_are_flagged_in_both_rows_and_the_summary(odd_class):
    tmp, out, report, done = odd_class
    rows = rows_of(out)
    for pair in ([unicodedata.normalize("NFC", "josé"), unicodedata.normalize("NFD", "josé")],
                 ["\u212aate", "Kate"]):
        for student in pair:
            assert "looks like" in rows[student]["flags"], rows[student]
    page = (tmp / "summary.html").read_text()
    assert "look alike" in page


# -- S8 at unit level: every entry of submitted/ is a row ------------------------------------------

def test_every_entry_of_submitted_is_named(tmp_path):
    from kit.grading.intake import expand

    sub = tmp_path / "submitted"
    solved(sub / ".hidden" / "edf" / "02_edf_lateness.ipynb")
    (sub / ".empty").mkdir()
    solved(sub / "bob" / "edf" / "02_edf_lateness.ipynb")
    (sub / "bob" / "edf" / ".ipynb_checkpoints").mkdir()
    found = expand([str(sub)])
    assert str(sub / ".hidden" / "edf" / "02_edf_lateness.ipynb") in found, found
    assert str(sub / ".empty") in found, found


# -- S7: the grader's own work on a huge source is bounded ---------------------------------------

def test_a_huge_literal_costs_the_grader_little(tmp_path):
    big = "_big = [" + ",".join(["a"] * 900_000) + "]\n"  # 1.8 MB of code, 900k nodes
    path = notebook(tmp_path / "big.ipynb", extra=["a = 1", big])
    code = textwrap.dedent(f"""
        import resource, sys, time
        from pathlib import Path
        from kit.grading.intake import prepare
        t = time.monotonic()
        jobs, _ = prepare([{str(path)!r}], "edf_lateness", Path({str(tmp_path)!r}))
        # VmHWM: this process's own peak (ru_maxrss would carry the forking pytest worker's
        # peak across exec)
        hwm = next(int(line.split()[1]) for line in open("/proc/self/status")
                   if line.startswith("VmHWM:"))
        print(time.monotonic() - t, hwm >> 10,
              resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss >> 10)
        print(repr(jobs[0].refused), repr(jobs[0].notes))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    seconds, rss, child = done.stdout.split("\n")[0].split()
    assert int(rss) < 300, done.stdout  # MB in the grader's own process
    assert "large" in done.stdout.split("\n")[1], done.stdout


# -- S1: nbgrader's autograde runs each notebook's kernel in the sandbox ---------------------------

def test_kit_nbgrader_autograde_runs_each_kernel_sandboxed(tmp_path):
    """The README's nbgrader path with a hostile student: her cells try to write a marker beside
    the course, overwrite a classmate's submission and leave a process running. None of it
    happens; the classmate is graded as before."""
    from kit.grading import nbgrader

    if not (nbgrader.NBGRADER / "nbgrader").is_dir():
        pytest.skip("nbgrader is not installed")
    _isolated()
    course = tmp_path / "course"
    (course / "source" / "edf").mkdir(parents=True)
    (course / "source" / "edf" / "02_edf_lateness.ipynb").write_bytes(SOLVED.read_bytes())
    marker = tmp_path / "ESCAPED"
    victim = solved(course / "submitted" / "alice" / "edf" / "02_edf_lateness.ipynb")
    before = victim.read_bytes()
    evil = [f"import os\nopen({str(marker)!r}, 'w').write(str(os.getuid()))",
            f"open({str(victim)!r}, 'w').write('{{}}')",
            "import subprocess, sys\nsubprocess.Popen([sys.executable, '-c', "
            "'import time; time.sleep(600)'], start_new_session=True)"]
    notebook(course / "submitted" / "mallory" / "edf" / "02_edf_lateness.ipynb", extra=evil)
    kit = [sys.executable, "-m", "kit", "nbgrader"]
    for step in (["generate_assignment", "edf", "--force"], ["autograde", "edf"],
                 ["export", "--to", "nbgrader-grades.csv"]):
        done = subprocess.run(kit + step, cwd=course, capture_output=True, text=True,
                              timeout=900)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    assert not marker.exists() and victim.read_bytes() == before
    assert not _sleepers()
    with open(course / "nbgrader-grades.csv") as f:
        scores = {row["student_id"]: float(row["score"]) for row in csv.DictReader(f)}
    assert scores == {"alice": 4.0, "mallory": 0.0}, scores


def test_without_a_sandbox_autograde_is_refused_in_one_line(monkeypatch, capsys):
    from kit.grading import isolation, nbgrader

    monkeypatch.setattr(isolation, "unavailable", lambda: "bwrap is not installed")
    assert nbgrader.main(["autograde", "edf"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--unsafe" in err[0] and "kit grade" in err[0], err


def test_the_sandboxed_kernel_starts_only_in_its_own_runtime_folder(tmp_path, capsys):
    """A connection file anywhere else (a shared /tmp) is refused before anything is touched."""
    from kit.grading import nbkernel

    other = tmp_path / "someone-else's-file"
    other.write_text("keep me")
    connection = tmp_path / "kernel.json"
    connection.write_text(json.dumps({"transport": "ipc", "ip": str(tmp_path / "kernel"),
                                      "shell_port": 1}))
    assert nbkernel.main([str(connection)]) == 2
    assert other.read_text() == "keep me"
    assert "runtime folder" in capsys.readouterr().err


def _sleepers() -> list[str]:
    found = []
    for p in Path("/proc").iterdir():
        try:
            if p.name.isdigit() and b"time.sleep(600)" in (p / "cmdline").read_bytes():
                found.append(p.name)
        except OSError:
            continue
    return found


# -- S6: no global counter is a channel between sandboxes ---------------------------------------

def test_sysinfo_and_keyrings_are_denied_in_the_sandbox():
    _isolated()
    from kit.grading import isolation

    code = ("import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\n"
            "buf = ctypes.create_string_buffer(256)\nr = libc.sysinfo(buf)\n"
            "e1 = ctypes.get_errno()\n"
            "r2 = libc.syscall(248, b'user', b'k', b'v', 1, -2)\n"  # add_key
            "e2 = ctypes.get_errno()\nprint(r, e1, r2, e2)")
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
    r, e1, r2, e2 = map(int, done.stdout.split())
    assert r == -1 and e1 == 1 and r2 == -1 and e2 == 1, done.stdout  # EPERM


def test_a_plain_class_with_an_undecodable_name_and_a_sysinfo_reader(tmp_path):
    """The plain layout: `dave\\xff.ipynb` beside carol gets a row shown as `dave\\xff`; a
    notebook whose q1 is right only when sysinfo(2) answers inside its sandbox scores 0 on it."""
    _isolated()
    from tests.test_grade_attacks import canary

    plain = tmp_path / "plain"
    solved(plain / "carol.ipynb")
    solved(Path(os.fsdecode(os.fsencode(str(plain)) + b"/dave\xff.ipynb")))
    reader = canary("import ctypes\nbuf = ctypes.create_string_buffer(256)\n"
                    "return ctypes.CDLL(None).sysinfo(buf) == 0")
    notebook(plain / "reader.ipynb", {"edf_order": reader})
    out = tmp_path / "grades.csv"
    done = grade(["--jobs", "2", "--out", out, "--report", tmp_path / "reports", "--", plain],
                 cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    rows = rows_of(out)
    assert rows["carol"]["score"] == "4" and rows["dave\\xff"]["score"] == "4", rows
    assert rows["reader"]["q1"] == "0", rows["reader"]

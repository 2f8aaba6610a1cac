"""The blind zoo of round 25r5 (r5checksB), notebooks 07 and 08: answers a tester wrote from the
learner notebooks without reading the kit's code. Each file's first line says its mistake or its
style; every `wrong_*` must be rejected and every `right_*` accepted, checked as a learner checks
it (`python -m kit quiz TOPIC Q FILE`). The tester ran each 08 file at its own level; here each is
checked at the last level (level 6 replays levels 1 to 5), so all 08 files sit in `q6/`, named
`<verdict>_<the tester's level>_<name>`. The tester's five copies of one right 08 base (one per
level, the same code) are kept once, as `right_q6_base`.

What this round closed, by class rather than by example: every check now also meets sizes no
plausible hard-coded limit survives (07: 600 jobs tied on three priorities for q1, 720 delayed
jobs for q3 and 600 cancelled in front for q4 (within Python's recursion limit, so a recursive
answer still passes), 500 runs and times past 2**53 for q7, eight workers for q5's shutdown,
generated cases of 11 to 40 items; 08: 400 jobs of one priority, half of them delayed (the last
10 urgent) and 200 cancelled, on seven workers, at every level), q1 looks at every field of the
jobs it compares, q3 counts a look at the heap's private list as a whole read, q2 says a claim
that never took the lock it was given, 08 level 5 (and 6) promotes two jobs in one tick under
OldestDuePolicy, and level 6 races two submits of different ids and reads the seq of every Job
record (no two may share one).

Files the tester named `wrong_` that behave like a right answer on every input the statement
allows were renamed `right_` (their first line still says what the tester suspected): 07 q1
`mutates` (it writes `attempts + 0` and `run_at + 0.0`: the same values, and run_at is a float
field; only a repr could tell), q2 `swaprestore` (the status briefly RUNNING is seen by nobody,
every caller holds the same lock; the name written back is the same status, a StrEnum), q4
`directset` (Job.claim is itself a plain test and set with no lock of its own: next_job runs
under the scheduler's lock, so testing PENDING and setting RUNNING is the same step)."""

from pathlib import Path

import pytest

from kit.quiz import main as quiz

ZOO = Path(__file__).parent / "blind_25r5"
TOPICS = ("concurrent_scheduler", "mock_round")  # the other topics have files of their own
ANSWERS = sorted(p for topic in TOPICS for p in (ZOO / topic).glob("q*/*.py"))
KNOWN: dict[str, str] = {}  # wrong answers the checks accept, and why (strict xfails)


def _case(path: Path):
    rel = path.relative_to(ZOO).as_posix()
    marks = [pytest.mark.slow]
    if rel in KNOWN:
        marks.append(pytest.mark.xfail(reason=KNOWN[rel], strict=True))
    return pytest.param(path, id=rel, marks=marks)


def test_the_zoo_is_all_there():
    wrong = [a for a in ANSWERS if a.name.startswith("wrong_")]
    right = [a for a in ANSWERS if a.name.startswith("right_")]
    assert (len(wrong), len(right)) == (71, 25) and len(wrong) + len(right) == len(ANSWERS)


@pytest.mark.parametrize("path", [_case(p) for p in ANSWERS])
def test_blind_answer(path, capsys):
    topic, question = path.parent.parent.name, path.parent.name
    code = quiz([topic, question, str(path)])
    report = capsys.readouterr().out
    if path.name.startswith("wrong_"):
        assert code == 1, f"{path.name} ({path.read_text().splitlines()[0]}) passed:\n{report}"
        assert report.startswith("✘") and "why:" in report, report
    else:
        assert code == 0, f"{path.name} ({path.read_text().splitlines()[0]}) rejected:\n{report}"


def test_the_messages_say_the_mistake(capsys):
    """The three messages the tester found misleading: a claim under its own lock (was a bare
    time-out), a task's exception let out of tick() (was the task's own error), and a fate cut at
    the comma inside its parentheses."""
    said = {}
    for rel in ("concurrent_scheduler/q2/wrong_ownlock.py", "mock_round/q6/wrong_q4_someexc.py",
                "mock_round/q6/wrong_q4_falsyfail.py"):
        path = ZOO / rel
        quiz([path.parent.parent.name, path.parent.name, str(path)])
        said[path.stem] = capsys.readouterr().out
    assert "without taking the `lock` it was given" in said["wrong_ownlock"]
    assert "came out of tick()" in said["wrong_q4_someexc"], said["wrong_q4_someexc"]
    assert "expected c DONE (ran 1 while RUNNING, attempts 1), got c FAILED (ran 1 while " \
        "RUNNING, attempts 1)" in said["wrong_q4_falsyfail"], said["wrong_q4_falsyfail"]

"""The blind zoo of round 25r5 (checks A), notebooks 03, 04 and 10: answers a tester wrote from the
learner notebooks without reading the kit's code. Each file's first line says its mistake or its
style; every `wrong_*` must be rejected and every `right_*` accepted, checked as a learner checks
it (`python -m kit quiz TOPIC Q FILE`)."""

from pathlib import Path

import pytest

from kit.quiz import main as quiz

ZOO = Path(__file__).parent / "blind_25r5"
TOPICS = ("mlfq_and_fairness", "backoff_and_jitter", "load_balancing")
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
    assert (len(wrong), len(right)) == (97, 29) and len(wrong) + len(right) == len(ANSWERS)


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

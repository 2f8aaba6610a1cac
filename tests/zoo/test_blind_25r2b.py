"""The blind zoo of round 25r2b (issue 25, second round): answers a tester wrote from the
learner notebooks of 05, 07 and 08 without reading the kit's code. Each file's first line says
its mistake or its style; every `wrong_*` must be rejected and every `right_*` accepted, checked
as a learner checks it (`python -m kit quiz TOPIC Q FILE`). The tester's 26 accepted wrong
answers, 3 rejected right ones and 15 misleading messages are classes fixed in the exercise
modules; the message tests below pin the ones whose text was false."""

from pathlib import Path

import pytest

from kit.quiz import main as quiz

ZOO = Path(__file__).parent / "blind_25r2b"
ANSWERS = sorted(ZOO.glob("*/q*/*.py"))


def test_the_zoo_is_all_there():
    wrong = [a for a in ANSWERS if a.name.startswith("wrong_")]
    right = [a for a in ANSWERS if a.name.startswith("right_")]
    assert (len(wrong), len(right)) == (266, 62) and len(wrong) + len(right) == len(ANSWERS)


@pytest.mark.slow
@pytest.mark.parametrize("path", ANSWERS, ids=lambda p: str(p.relative_to(ZOO)))
def test_blind_answer(path, capsys):
    topic, question = path.parent.parent.name, path.parent.name
    code = quiz([topic, question, str(path)])
    report = capsys.readouterr().out
    if path.name.startswith("wrong_"):
        assert code == 1, f"{path.name} ({path.read_text().splitlines()[0]}) passed:\n{report}"
        assert report.startswith("✘") and "why:" in report, report
    else:
        assert code == 0, f"{path.name} ({path.read_text().splitlines()[0]}) rejected:\n{report}"

"""The blind zoo of round 3 for notebook 04: answers a tester wrote from the learner notebook
without reading the kit's code, after rounds 1 and 2 were fixed. Three got through (2^attempt
as exp(attempt·ln 2), a hard-coded cap from attempt 1000 on, rand() mirrored on [0.1, 0.2)):
now rejected. Every `wrong_*` must be rejected and every `right_*` accepted, checked as a learner
checks it (`python -m kit quiz TOPIC Q FILE`)."""

from pathlib import Path

import pytest

from kit.quiz import main as quiz

ZOO = Path(__file__).parent / "blind_25r3a"
ANSWERS = sorted(ZOO.glob("*/q*/*.py"))


def test_the_zoo_is_all_there():
    wrong = [a for a in ANSWERS if a.name.startswith("wrong_")]
    right = [a for a in ANSWERS if a.name.startswith("right_")]
    assert (len(wrong), len(right)) == (18, 7) and len(wrong) + len(right) == len(ANSWERS)


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

"""The blind zoo of round 25r2: answers a tester wrote from the learner notebooks of 01, 02, 03,
04 and 10 without reading the kit's code (their REPORT.md and results.tsv lie beside the answers;
results.tsv is their run, before the fixes). Each file's first line says its mistake or its style;
every `wrong_*` must be rejected and every `right_*` accepted, checked as a learner checks it
(`python -m kit quiz TOPIC Q FILE`). Five of the tester's wrong answers to notebook 01 (a clock
kept to whole ticks) were judged right: its statement now says times are whole ticks, so they
are `right_*` here, their first line saying why (312 wrong and 70 right as written, 307 and 75
as judged)."""

from pathlib import Path

import pytest

from kit.quiz import main as quiz

ZOO = Path(__file__).parent / "blind_25r2"
ANSWERS = sorted(ZOO.glob("*/q*/*.py"))


def test_the_zoo_is_all_there():
    wrong = [a for a in ANSWERS if a.name.startswith("wrong_")]
    right = [a for a in ANSWERS if a.name.startswith("right_")]
    assert (len(wrong), len(right)) == (307, 75) and len(wrong) + len(right) == len(ANSWERS)


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
